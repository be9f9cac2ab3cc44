import DILazy
import DIRuntime

/// The storage of ``DILifeTime/registrationDefault``.
private let defaultLifetime = Locked(DILifeTime.prototype)

/// How long the container keeps an instance of a component, and who shares it.
///
/// ```swift
/// container.register(Database.init).lifetime(.perContainer(.single))
/// ```
public enum DILifeTime: Hashable, Sendable {
    /// One per process, made eagerly by ``DIContainer/initializeSingletonObjects()``.
    ///
    /// Until that call it behaves as `perApplication(.single)`.
    case single
    /// One per process, made on first use. Components registered by the same line share it.
    case perApplication(DIReferenceKind)
    /// One per container that owns the registration; ``DIContainer/clean()`` drops it.
    case perContainer(DIReferenceKind)
    /// One per framework that registered the component; `clean(framework:)` drops it.
    case perFramework(DIReferenceKind)
    /// One per part that registered the component; `clean(part:)` drops it.
    case perPart(DIReferenceKind)
    /// One per top-level resolve: every request in one object graph shares it.
    case objectGraph
    /// A new instance for every request. The default.
    case prototype
    /// One per container per name; ``DIContainer/clean(custom:)`` drops it.
    case custom(name: String)
    /// One per scope you own: ``DIScope/clean()`` drops it. Written `.custom(scope)` as in
    /// DITranquillity 6 (see ``custom(_:)``).
    case scoped(DIScope)

    /// DITranquillity 6 spelling of ``scoped(_:)``: `.lifetime(.custom(session))`.
    public static func custom(_ scope: DIScope) -> DILifeTime { .scoped(scope) }

    /// DITranquillity's name of ``DIReferenceKind``.
    public typealias ReferenceCounting = DIReferenceKind

    /// DITranquillity 6 spelling of ``perApplication(_:)``.
    public static func perRun(_ kind: DIReferenceKind) -> DILifeTime { .perApplication(kind) }

    /// The lifetime a component has when none is set: ``prototype``, unless
    /// `DISetting.Defaults.lifeTime` says otherwise.
    public static var `default`: DILifeTime { registrationDefault }

    /// The lifetime new registrations get (`DISetting.Defaults.lifeTime`).
    package static var registrationDefault: DILifeTime {
        get { defaultLifetime.withLock { $0 } }
        set { defaultLifetime.withLock { $0 = newValue } }
    }
}

extension DILifeTime: CustomStringConvertible {
    /// The lifetime as written in Swift, for logs and graphs.
    public var description: String {
        switch self {
        case .perApplication(let kind), .perContainer(let kind), .perFramework(let kind), .perPart(let kind):
            "\(caseName)(.\(kind))"
        case .custom(let name): "custom(\(stringLiteral(name)))"
        case .scoped(let scope): "custom(\(scope.label))"
        case .single, .objectGraph, .prototype: caseName
        }
    }

    /// The storage's name in traces: `perContainer`, `objectGraph`, `custom("session")`.
    package var traceName: String {
        switch self {
        case .custom(let name): "custom(\(stringLiteral(name)))"
        case .scoped(let scope): "custom(\(scope.label))"
        default: caseName
        }
    }

    /// The case's name: `perContainer`, `custom`.
    package var caseName: String {
        switch self {
        case .single: "single"
        case .perApplication: "perApplication"
        case .perContainer: "perContainer"
        case .perFramework: "perFramework"
        case .perPart: "perPart"
        case .objectGraph: "objectGraph"
        case .prototype: "prototype"
        case .custom, .scoped: "custom"
        }
    }
}
