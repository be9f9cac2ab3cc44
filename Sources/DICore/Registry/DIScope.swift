import DIRuntime

/// A lifetime you own: its instances live until you call ``clean()`` (DITranquillity 6's
/// `DIScope`).
///
/// ```swift
/// let session = DIScope(name: "session", storage: DICacheStorage())
/// let screen = DIScope(name: "screen", storage: DICacheStorage(), policy: .weak, parent: session)
/// container.register(Cart.init).lifetime(.custom(session))
/// container.register(Form.init).lifetime(.custom(screen))
/// session.clean()   // drops the session's instances, and the screen's with them
/// ```
///
/// A scope is not tied to a container: a component registered by the same line in two
/// containers shares the scope's instance (as `single` does), but an isolating container
/// (`DIContainer(isolatedFrom:)`, a test container) keeps its own copy of its ancestors'
/// instances, which ``clean()`` drops too. Instances are made exactly once however many
/// threads race for them.
///
/// > Warning: Cleaning a scope cleans its nested scopes too (a scope is a region inside its
/// > parent); an instance is kept by the scope its component names, not by the parent.
public final class DIScope: Sendable {
    /// The scope's name, for logs and traces: written there as given (`custom(session)`,
    /// `scope session`), or as a string literal when it holds a quote, a backslash or a line
    /// break.
    public let name: String
    /// `.strong` keeps instances until ``clean()``; `.weak` lets them go with their last user.
    public let policy: DILifeTime.ReferenceCounting
    /// The scope this one is nested in: cleaning that cleans this one.
    public let parent: DIScope?
    /// Where the instances are kept.
    public let storage: DICacheStorage
    /// The scopes nested in this one, held weakly: a nested scope ends with its last user.
    let children = Locked<[WeakScope]>([])

    /// Creates a scope.
    ///
    /// - Parameters:
    ///   - name: A name for logs and traces.
    ///   - storage: Where instances are kept. Scopes given one storage share its instances,
    ///     and each one's ``clean()`` empties it for all.
    ///   - policy: `.strong` (the default) or `.weak`.
    ///   - parent: A scope this one is nested in.
    public init(
        name: String,
        storage: DICacheStorage = DICacheStorage(),
        policy: DILifeTime.ReferenceCounting = .strong,
        parent: DIScope? = nil
    ) {
        self.name = name
        self.storage = storage
        self.policy = policy
        self.parent = parent
        parent?.children.withLock { children in
            children.removeAll { $0.scope == nil }
            children.append(WeakScope(scope: self))
        }
    }

    /// The name as traces, clean events, messages and graphs write it: as given, or as a
    /// string literal when it holds a quote, a backslash or a line break, a control character
    /// included (it would break a log line or a graph label), or is empty.
    var label: String {
        let plain = !name.isEmpty && !name.unicodeScalars.contains { $0 == "\"" || $0 == "\\" || breaksLines($0) }
        return plain ? name : stringLiteral(name)
    }

    /// A nested scope, held weakly.
    struct WeakScope {
        weak var scope: DIScope?
    }
}

extension DIScope: Hashable {
    /// Scopes are equal when they are the same object.
    public static func == (lhs: DIScope, rhs: DIScope) -> Bool { lhs === rhs }

    /// Hashes the scope's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

/// DITranquillity's name for a storage that is not thread-safe; Tranquil's is always safe.
public typealias DIUnsafeCacheStorage = DICacheStorage
