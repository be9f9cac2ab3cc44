import DIRuntime

/// A registration: immutable once published.
///
/// The builder never mutates a component other threads may be reading: a modifier chained
/// to its `register` changes the registry's draft before the component is made (see
/// ``Registry``), and a later one publishes a changed copy (same ``id``) under its lock.
@usableFromInline
package final class Component: Sendable {
    /// Everything a registration says, changed by builder modifiers.
    package struct Config: Sendable {
        package var parameters: [DIDependency]
        package var injections: [Injection] = []
        package var lifetime: DILifeTime = .prototype
        /// Where instances live, and the cell that keeps them (set by ``LifetimePolicy``).
        package var storage: InstanceStorage = .none
        package var cell: InstanceCell?
        /// Whether its lifetime belongs to a framework or part it was not registered in
        /// (set by ``LifetimePolicy``; it then acts as `perContainer`).
        package var isOutsideOrigin = false
        /// Whether the registration is sealed: its statement ended, or something looked at
        /// the registry since, so a resolve may have used it (see `Registry`'s draft). Set
        /// where a modifier changes a sealed component (``Component/with(_:)``): a draft's
        /// configuration is moved into its component, not copied to be marked.
        package var isSealed = false
        package var isDefault = false
        package var isTest = false
        /// Where graph validation starts (`.root()`): with roots, only what they reach is checked.
        package var isRoot = false
        /// Left out of graph validation (`.unused()`).
        package var isUnused = false
        var factory: FactoryBox?
        var postInit: InjectionBox?
        package var type: Any.Type
        package var aliases: [Alias] = []
        package var origin: DIOrigin
        /// The container the component was registered in.
        package var owner: ObjectIdentifier
        package var file: String
        package var line: UInt

        /// Whether an injection or the `postInit` is `async`: only an async resolve can run
        /// it (the factory says so itself, ``FactoryBox/isAsync``).
        var laterCodeIsAsync: Bool {
            injections.contains { $0.box.isAsync } || postInit?.isAsync == true
        }
        /// Why only an async resolve can make the instance (not ``Component/makesSynchronously``),
        /// for errors and warnings: "`Store` …".
        package var needsAwait: String {
            if factory?.runsOnOtherActor == true { return "runs on a global actor other than the main actor" }
            if factory?.isAsync == true { return "has an async initializer" }
            return "has an async injection or postInit"
        }
        /// Whether an injection or the `postInit` is isolated to the main actor: a
        /// synchronous resolve can run it only on the main thread (the factory says so
        /// itself, ``FactoryBox/runsOnMainActor``).
        var laterCodeRunsOnMainActor: Bool {
            injections.contains { $0.box.runsOnMainActor } || postInit?.runsOnMainActor == true
        }
        /// The `arg` dependencies in the order a build takes the runtime arguments: the
        /// factory's parameters, then each injection's (but `cycle:` ones, which run after
        /// the build).
        package var arguments: [DIDependency] {
            var all = parameters.filter { $0.wrappers.contains(.argument) }
            for injection in injections where !injection.isCycle {
                all += injection.dependencies.filter { $0.wrappers.contains(.argument) }
            }
            return all
        }

        /// The public description of the component `id` configured so.
        func info(id: Int) -> DIComponentInfo {
            DIComponentInfo(
                id: id,
                type: type,
                typeName: typeName(type),
                aliases: aliases.map(\.label),
                lifetime: lifetime,
                isDefault: isDefault,
                isTest: isTest,
                framework: origin.framework?.name,
                part: origin.part?.name,
                file: file,
                line: Int(line)
            )
        }
    }

    /// A number unique within the process, in registration order; kept by modified copies.
    package let id: Int
    package let config: Config
    /// Where instances live (``Config/storage``, read on every resolve).
    package let storage: InstanceStorage
    /// Whether a factory was given (`register(T.self)` has none): a flag, read without
    /// copying the factory, which retains each closure it holds (objects apart from the
    /// component's).
    let hasInitializer: Bool
    /// Whether a synchronous resolve can build it: a synchronous factory, injections and
    /// `postInit` (not so for `register(T.self)`, or anything `async`).
    let makesSynchronously: Bool
    /// Whether some of the component's code runs on the main actor: its factory, an injection or
    /// its `postInit` (``Config/laterCodeRunsOnMainActor``).
    let needsMainActor: Bool
    /// Whether the made instance is done: no injection, no `postInit`.
    let isDoneWhenMade: Bool
    /// Whether some injection waits for the end of the resolve.
    let hasCycleInjections: Bool
    /// The acceptance checks of the `arg`s a build takes (``Config/arguments``), planned once.
    let argumentChecks: [@Sendable (Any) -> Bool]
    /// The type of each of those `arg`s: an argument passed as exactly that type fits
    /// without its check (a dynamic cast).
    let argumentTypes: [ObjectIdentifier]
    /// How many runtime arguments a build needs at least: those up to the last `arg` that is
    /// not `Optional` (an optional one left out is `nil`).
    let requiredArgumentCount: Int
    /// For each factory parameter, the name its registration gave it (``DIDependency/given``);
    /// empty when none has one.
    let givenQualifiers: [DIQualifier]
    /// How many dependencies the component has (factory parameters, then injections').
    let dependencyCount: Int32
    /// The synchronous factory (``FactoryBox/make``), or one that reports it is missing.
    /// Not optional: calling an optional closure copies it out first.
    let make: @Sendable (any ParameterSource, Component) throws(DIError) -> Any

    /// ``givenQualifiers`` for these parameters.
    private static func givenQualifiers(of parameters: [DIDependency]) -> [DIQualifier] {
        parameters.contains { $0.given != .none } ? parameters.map(\.given) : []
    }

    /// The qualifier the registration added to parameter `position`'s request.
    func givenQualifier(at position: Int) -> DIQualifier {
        position < givenQualifiers.count ? givenQualifiers[position] : .none
    }

    /// Whether a build takes runtime arguments (`arg` in the factory or an injection).
    let takesArguments: Bool
    /// Whether a build is the factory alone, given the runtime arguments it takes, and
    /// nothing but the resolve keeps the instance (`prototype`, `objectGraph`): what a
    /// compiled step (`StepCompiler`) builds, binding the arguments itself.
    let buildsInStep: Bool
    /// ``buildsInStep`` for a build that takes no runtime arguments:
    /// ``ResolveContext/instance(ofPlain:)`` makes it.
    let isPlainBuild: Bool

    /// A new registration.
    convenience init(id: Int, config: consuming Config) {
        self.init(id: id, config: config, previous: nil)
    }

    /// A version of a registration; `previous` is the version it replaces.
    private init(id: Int, config: consuming Config, previous: Component?) {
        self.id = id
        hasCycleInjections = config.injections.contains { $0.isCycle }
        if let previous, previous.config.injections.count == config.injections.count {
            (argumentChecks, argumentTypes, requiredArgumentCount) =
                (previous.argumentChecks, previous.argumentTypes, previous.requiredArgumentCount)
        } else {
            let arguments = config.arguments
            let checked = arguments.compactMap { argument in
                argument.acceptsArgument.map { (ObjectIdentifier(argument.leaf), $0) }
            }
            argumentChecks = checked.map(\.1)
            argumentTypes = checked.map(\.0)
            requiredArgumentCount = (arguments.lastIndex { !$0.isOptionalArgument }).map { $0 + 1 } ?? 0
        }
        givenQualifiers = previous?.givenQualifiers ?? Self.givenQualifiers(of: config.parameters)
        isDoneWhenMade = config.injections.isEmpty && config.postInit == nil
        // The factory read once: each read of the optional copies it (every closure it holds
        // retained). Not `??`: through a generic function the closure would come back
        // wrapped in thunks.
        if let factory = config.factory {
            if let make = factory.make { self.make = make } else { make = Self.missingFactory }
            hasInitializer = true
            makesSynchronously = !factory.isAsync && !config.laterCodeIsAsync
            needsMainActor = factory.runsOnMainActor || config.laterCodeRunsOnMainActor
        } else {
            make = Self.missingFactory
            hasInitializer = false
            makesSynchronously = false
            needsMainActor = config.laterCodeRunsOnMainActor
        }
        storage = config.storage
        takesArguments = !argumentChecks.isEmpty
        // A main-actor factory builds in a step when it compiles one (which asks the
        // resolve whether it is on the main actor first), never by `instance(ofPlain:)`.
        buildsInStep =
            makesSynchronously && (!needsMainActor || config.factory?.compile != nil) && isDoneWhenMade
            && config.storage != .cell(processWide: true)
            && config.storage != .cell(processWide: false)
        isPlainBuild = buildsInStep && !takesArguments && !needsMainActor
        var dependencyCount = config.parameters.count
        for injection in config.injections { dependencyCount += injection.dependencies.count }
        self.dependencyCount = Int32(truncatingIfNeeded: dependencyCount)
        (keys, types) = Self.indexed(config.type, aliases: config.aliases, previous: previous)
        self.config = consume config  // its last use: stored, not copied
    }

    /// The keys and types a version of `type` with `aliases` is indexed under: those of
    /// `previous` (the version it replaces) when its type and aliases are the same (aliases
    /// are only ever appended), and otherwise built anew — with no temporary arrays for the
    /// usual no-alias registration.
    ///
    /// Given the two fields, not the configuration: passing that would copy all of it.
    private static func indexed(
        _ type: Any.Type,
        aliases: [Alias],
        previous: Component?
    ) -> (keys: InlineList<DIKey>, types: InlineList<ObjectIdentifier>) {
        let own = ObjectIdentifier(type)
        if let previous, previous.config.aliases.count == aliases.count, ObjectIdentifier(previous.config.type) == own {
            return (previous.keys, previous.types)
        }
        if aliases.isEmpty { return (.one(DIKey(own)), .one(own)) }
        let keys = distinct([DIKey(own)] + aliases.map(\.key))
        return (InlineList(keys), InlineList(distinct(keys.map(\.type))))
    }

    /// Every key the component is indexed under: its own type, then its aliases.
    ///
    /// Each key once: `.as(Cat.self)` on a `Cat` registration, or the same alias twice, must not
    /// index the component twice under one key (it would be ambiguous with itself).
    let keys: InlineList<DIKey>

    /// The distinct types the component answers to (its own, then its aliases').
    let types: InlineList<ObjectIdentifier>

    /// `items` without repeats, in order (a component has a handful of keys: a scan beats a set).
    private static func distinct<Item: Equatable>(_ items: [Item]) -> [Item] {
        var result: [Item] = []
        for item in items where !result.contains(item) {
            result.append(item)
        }
        return result
    }

    /// A copy with `change` applied.
    func with(_ change: (inout Config) -> Void) -> Component {
        var config = config
        // A component, unlike a draft, is sealed: resolves may be using it.
        config.isSealed = true
        change(&config)
        return Component(id: id, config: config, previous: self)
    }

    /// The public description of the component.
    package var info: DIComponentInfo { config.info(id: id) }

    /// ``make`` without a synchronous factory. Never called: builds check
    /// ``makesSynchronously`` first and report what is missing.
    private static func missingFactory(_ source: any ParameterSource, _ component: Component) throws(DIError) -> Any {
        preconditionFailure("\(typeName(component.config.type)) has no synchronous factory")
    }

    private static let counter = AtomicCount()

    /// The next process-wide component number.
    static func nextID() -> Int { counter.add(1) }
}
