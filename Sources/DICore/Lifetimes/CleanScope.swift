import DIRuntime

/// What a `clean` call drops.
package enum CleanScope: Sendable {
    /// `clean()`: `perContainer` instances (and scoped ones registered outside any scope).
    case container
    /// `clean(custom:)`.
    case custom(String)
    /// `clean(framework:)`.
    case framework(OriginUnit)
    /// `clean(part:)`.
    case part(OriginUnit)
    /// `scope.clean()` (which cleans the scopes nested in it too).
    case scope(DIScope)

    /// How events name it: `perContainer`, `custom("session")`, `framework FeedFramework`.
    package var label: String {
        switch self {
        case .container: "perContainer"
        case .custom(let name): "custom(\(stringLiteral(name)))"
        case .framework(let framework): "framework \(framework.name)"
        case .part(let part): "part \(part.name)"
        case .scope(let scope): "scope \(scope.label)"
        }
    }

    /// The call that cleans it, for messages: `clean(framework: FeedFramework.self)`.
    package var call: String {
        switch self {
        case .container: "clean()"
        case .custom(let name): "clean(custom: \(stringLiteral(name)))"
        case .framework(let framework): "clean(framework: \(framework.name).self)"
        case .part(let part): "clean(part: \(part.name).self)"
        case .scope(let scope): "the clean of scope \(scope.label)"
        }
    }
}

extension CleanScope {
    /// Whether it is a clean of one container (`clean()`, `clean(custom:)`,
    /// `clean(framework:)`, `clean(part:)`), not of a `DIScope`, which every container shares.
    var isOneContainers: Bool {
        if case .scope = self { return false }
        return true
    }
}
