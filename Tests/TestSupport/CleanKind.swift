import DICore

/// The three ways a test drops cached instances, each with the lifetime it drops: a
/// container's `clean()` (`perContainer`), `clean(custom:)` (a named custom lifetime) and a
/// ``DIScope``'s `clean()`.
package enum CleanKind: CaseIterable, Sendable {
    case container, custom, scope

    /// The lifetime a clean of this kind drops; `scope` is the scope a `.scope` clean cleans.
    package func lifetime(in scope: DIScope) -> DILifeTime {
        switch self {
        case .container: .perContainer(.single)
        case .custom: .custom(name: "screen")
        case .scope: .custom(scope)
        }
    }

    /// Drops the instances of ``lifetime(in:)`` from `container`.
    package func clean(_ container: DIContainer, _ scope: DIScope) {
        switch self {
        case .container: container.clean()
        case .custom: container.clean(custom: "screen")
        case .scope: scope.clean()
        }
    }
}
