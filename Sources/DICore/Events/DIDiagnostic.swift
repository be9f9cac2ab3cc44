import DILazy

/// A problem with the wiring, found by validation or noticed while loading or resolving.
public struct DIDiagnostic: Sendable, CustomStringConvertible {
    /// How bad it is.
    public enum Severity: Sendable, Equatable, Comparable {
        /// Something that works but is probably not meant (captive dependency, …).
        case warning
        /// Something that will fail when resolved.
        case error
    }

    /// What kind of problem it is.
    public enum Kind: Sendable, Equatable {
        /// A non-optional dependency that nothing is registered for.
        case missingDependency
        /// A dependency several components match with no rule to pick one.
        case ambiguousDependency
        /// A loop of dependencies that cannot be built.
        case cycle
        /// Runtime arguments that can never match the target's `arg` parameters.
        case argumentMismatch
        /// A longer-lived component holding a shorter-lived one.
        case captiveDependency
        /// A `perFramework`/`perPart` component registered outside any framework/part.
        case scopeOutsideOrigin
        /// Several `.test()` components for one request.
        case severalTestOverrides
        /// A component without an initializer that something depends on.
        case noInitializer
        /// Parts or frameworks used the wrong way (e.g. `import` outside a framework).
        case misuse
        /// Several candidates, resolved by `.default()` or framework priority.
        case resolvedByPriority
        /// A synchronous path (`Lazy`, `Provider`) into an `async`/`@MainActor` component.
        case requiresAsync
    }

    /// How bad it is.
    public let severity: Severity
    /// What kind of problem it is.
    public let kind: Kind
    /// A sentence for people.
    public let message: String
    /// The component the problem is in, if any.
    public let component: DIComponentInfo?
    /// The chain of types that leads to the problem, outermost first.
    public let path: [String]

    /// Creates a diagnostic.
    public init(
        severity: Severity,
        kind: Kind,
        message: String,
        component: DIComponentInfo? = nil,
        path: [String] = []
    ) {
        self.severity = severity
        self.kind = kind
        self.message = message
        self.component = component
        self.path = path
    }

    /// `error: …` / `warning: …`, with the component's location.
    public var description: String {
        var text = "\(severity == .error ? "error" : "warning"): \(message)"
        if let component { text += " [\(component.location)]" }
        return text
    }
}
