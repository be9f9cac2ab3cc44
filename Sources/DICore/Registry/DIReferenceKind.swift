import DILazy
import DIRuntime

/// Whether a cached lifetime keeps its instance alive.
public enum DIReferenceKind: Hashable, Sendable {
    /// The container does not keep the instance alive: once the app drops it, the next
    /// request makes a new one.
    case weak
    /// The container keeps the instance until it is cleaned.
    case single

    /// Alias of ``single``.
    public static var strong: DIReferenceKind { .single }
}
