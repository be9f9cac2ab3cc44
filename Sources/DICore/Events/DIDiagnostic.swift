import DILazy

/// A problem with the wiring, found by validation or noticed while loading or resolving.
public struct DIDiagnostic: Sendable, CustomStringConvertible {
    /// How bad it is.
    ///
    /// Ordered from `.info` (least) to `.error` (most): `severity >= .warning` is what a
    /// user should change.
    public enum Severity: Sendable, Equatable, Comparable {
        /// Working as intended, worth knowing when reading a trace: a choice among several
        /// candidates made by `.test()`, framework priority or `.default()`. Nothing to change.
        case info
        /// Something that works but is probably not meant (captive dependency, …): change it.
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
        /// Parts, frameworks or `.test()` used the wrong way (an `import` outside a framework,
        /// a `.test()` component that overrides nothing).
        case misuse
        /// Several candidates, resolved by `.test()`, `.default()` or framework priority
        /// (severity ``Severity/info``: the rules worked as written).
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

    /// `error: …` / `warning: …` / `info: …`, with the component's location.
    public var description: String {
        var text = "\(severity): \(message)"
        if let component { text += " [\(component.location)]" }
        return text
    }
}

extension DIDiagnostic.Severity: CustomStringConvertible {
    /// `info`, `warning` or `error`.
    public var description: String {
        switch self {
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }
}
