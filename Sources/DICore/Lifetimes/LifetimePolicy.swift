import DIRuntime

/// What a lifetime keeps, shares and cleans: the one place that decides it.
///
/// Registration asks it where instances live (``configure(_:)``); a container asks it
/// which cells a clean drops (``isCleaned(by:)``); diagnostics ask it what drops an instance
/// (a lifetime's name in traces is `DILifeTime.traceName`, which events spell when read).
/// Nothing else looks at a lifetime's case to decide what happens to an instance.
package struct LifetimePolicy {
    let lifetime: DILifeTime
    let origin: DIOrigin

    package init(_ lifetime: DILifeTime, origin: DIOrigin) {
        self.lifetime = lifetime
        self.origin = origin
    }

    /// Sets where a registration's instances live, and makes its cell.
    ///
    /// `single`/`perApplication` components registered by the same line share a
    /// process-wide cell (see ``ApplicationStorage``); every other cached lifetime gets a
    /// cell of its own, owned by the registering container.
    ///
    /// A registration without an initializer has one instance in a resolve, whatever its
    /// lifetime: the object `inject(into:)` fills, kept in that resolve's graph, so that a
    /// loop back to it (its injection needs something that needs it) closes on it.
    func configure(_ config: inout Component.Config) {
        config.isOutsideOrigin = outsideOriginMisuse != nil
        guard config.factory != nil else {
            config.storage = .graph
            config.cell = nil
            return
        }
        switch lifetime {
        case .prototype:
            config.storage = .none
            config.cell = nil
        case .objectGraph:
            config.storage = .graph
            config.cell = nil
        case .single, .perApplication:
            config.storage = .cell(processWide: true)
            config.cell = ApplicationStorage.cell(
                type: config.type,
                file: config.file,
                line: config.line,
                qualifiers: config.sharedCellQualifiers,
                keepsAlive: keepsAlive
            )
        case .perContainer, .perFramework, .perPart, .custom:
            config.storage = .cell(processWide: false)
            config.cell = InstanceCell(keepsAlive: keepsAlive)
        case .scoped(let scope):
            // The scope owns the cell, whatever container resolves it.
            config.storage = .cell(processWide: true)
            config.cell = scope.cell(
                type: config.type,
                file: config.file,
                line: config.line,
                qualifiers: config.sharedCellQualifiers
            )
        }
    }

    /// Whether instances are kept in a cell past a single resolve (every lifetime but
    /// `prototype` and `objectGraph`).
    var isCached: Bool {
        switch lifetime {
        case .objectGraph, .prototype: false
        default: true
        }
    }

    /// Whether the cell keeps its instance alive (`false` for a `.weak` reference kind).
    var keepsAlive: Bool {
        switch lifetime {
        case .perApplication(let kind), .perContainer(let kind), .perFramework(let kind), .perPart(let kind):
            kind == .single
        case .scoped(let scope):
            scope.policy == .strong
        case .single, .custom, .objectGraph, .prototype:
            true
        }
    }

    /// Whether `clean(…)` of `scope` drops this component's instance.
    ///
    /// A `perFramework` (`perPart`) component registered outside any framework (part) acts as
    /// `perContainer`: `clean()` drops it.
    package func isCleaned(by scope: CleanScope) -> Bool {
        switch (lifetime, scope) {
        case (.perContainer, .container): true
        case (.perFramework, .container): origin.framework == nil
        case (.perPart, .container): origin.part == nil
        case (.custom(let name), .custom(let cleaned)): name == cleaned
        case (.perFramework, .framework(let framework)): origin.framework == framework
        case (.perPart, .part(let part)): origin.part == part
        case (.scoped(let own), .scope(let cleaned)): own.isCleaned(by: cleaned)
        default: false
        }
    }

    /// What drops the instance while its holders live on, as a user writes it: what the
    /// captive-dependency check names.
    package var droppedBy: String {
        switch cleanScope {
        case .container: "container.clean()"
        case .custom(let name): "clean(custom: \(stringLiteral(name)))"
        case .framework(let framework): "clean(framework: \(framework.name))"
        case .part(let part): "clean(part: \(part.name))"
        case .scope(let scope): "\(scope.label).clean()"
        case nil: "the next resolve"
        }
    }

    /// The one `clean` that drops this lifetime's instances, if any does.
    var cleanScope: CleanScope? {
        switch lifetime {
        case .perContainer: .container
        case .perFramework: origin.framework.map(CleanScope.framework) ?? .container
        case .perPart: origin.part.map(CleanScope.part) ?? .container
        case .custom(let name): .custom(name)
        case .scoped(let scope): .scope(scope)
        case .single, .perApplication, .objectGraph, .prototype: nil
        }
    }

    /// How a component of this lifetime holding `target` (not through `Lazy`/`Provider`)
    /// goes wrong, if it does: the captive-dependency check.
    ///
    /// A cached holder is captive when something drops the target's instance and not its
    /// own (another framework's `clean(framework:)`, another part's `clean(part:)`, a custom
    /// scope, `clean()`, the end of an object graph), or when it keeps a `.weak` target alive.
    /// Prototypes and object-graph holders live no longer than what they hold.
    package func captivity(holding target: LifetimePolicy) -> Captivity? {
        guard isCached else { return nil }
        switch target.lifetime {
        case .prototype:
            return nil
        case .objectGraph:
            return .stale(after: target.droppedBy)
        default:
            if let scope = target.cleanScope, !isCleaned(by: scope) { return .stale(after: target.droppedBy) }
            return target.keepsAlive || !keepsAlive ? nil : .keptAlive
        }
    }

    /// How a holder outlives what it holds (see ``captivity(holding:)``).
    package enum Captivity: Equatable {
        /// `after` (e.g. `clean(framework: Persistence)`) drops the held instance, not the holder.
        case stale(after: String)
        /// The holder keeps a `.weak` instance alive, so `.weak` never lets it go.
        case keptAlive
    }

    /// The misuse of a framework or part lifetime registered outside any, if this is one.
    package var outsideOriginMisuse: String? {
        switch lifetime {
        case .perFramework where origin.framework == nil:
            "is \(lifetime) but registered outside any framework; it acts as perContainer"
        case .perPart where origin.part == nil:
            "is \(lifetime) but registered outside any part; it acts as perContainer"
        default:
            nil
        }
    }

}

extension Component.Config {
    /// The names and tags that key a shared (process-wide or scope) cell, with the type and
    /// `file:line`: a loop registering named components on one line gets one cell per name.
    var sharedCellQualifiers: [DIQualifier] {
        aliases.map(\.qualifier).filter { $0 != .none }
    }

    /// Adds `alias`; a component kept in a shared cell moves to the cell of its new key,
    /// while it is being registered (`register(…).lifetime(.single).as(Cat.self, name: n)`
    /// in a loop is one instance per name). Once sealed, it stays there, since a resolve may
    /// be using the cell: a name added later is one more way to the same instance, not a
    /// second instance.
    mutating func addAlias(_ alias: Alias) {
        aliases.append(alias)
        if alias.qualifier != .none, !isSealed, case .cell(processWide: true) = storage {
            LifetimePolicy(lifetime, origin: origin).configure(&self)
        }
    }
}
