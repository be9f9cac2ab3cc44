@_spi(Tranquil) import DILazy

/// Calls a user's factory.
///
/// @unchecked Sendable: factories are not required to be `@Sendable` (users register
/// `Cat.init` and closures over their own state). The container only ever calls a factory
/// from the thread that resolves, makes each cached instance exactly once under its slot's
/// once-guard, and never shares the closure's captures with anything else — the same
/// contract as calling the initializer by hand from that thread.
@usableFromInline
package struct FactoryBox: @unchecked Sendable {
    /// Makes the instance synchronously; `nil` for an `async` or `@MainActor` factory.
    /// Called with the component it makes (whose parameters it resolves).
    let make: ((ResolveContext, Component) throws(DIError) -> Any)?
    /// Makes the instance of an `async` or `@MainActor` factory: parameters are awaited (so
    /// they may be async components themselves), then the factory runs (on its actor, if it
    /// has one). `nil` for a synchronous factory, which an async resolve runs once it has
    /// awaited the parameters (``ResolveContext/makeAwaitingParameters(_:)``): one closure
    /// per registration, not two.
    let makeAsync: ((ResolveContext, Component) async throws(DIError) -> Any)?

    /// A synchronous factory.
    @usableFromInline
    init(make: @escaping (ResolveContext, Component) throws(DIError) -> Any) {
        self.make = make
        makeAsync = nil
    }

    /// An `async` or `@MainActor` factory.
    init(makeAsync: @escaping (ResolveContext, Component) async throws(DIError) -> Any) {
        make = nil
        self.makeAsync = makeAsync
    }

    /// Calls a synchronous factory, resolving each parameter synchronously (in an async
    /// resolve, the parameters are awaited first, see ``makeAsync``).
    ///
    /// A closure over the factory, not an object of a generic class: such an object's class
    /// would be a distinct generic type for every registered type, whose metadata the
    /// runtime makes on the first registration and looks up in a global table on every one
    /// after (over a thousand instructions, and several cache misses in an app of thousands
    /// of types).
    @inlinable  // compiled for the caller's types: no pack walked at run time
    init<T, each P>(_ body: @escaping (repeat each P) -> T) {
        self.init(make: { context, component throws(DIError) -> Any in
            var position = 0
            return body(repeat try context.parameter((each P).self, of: component, at: &position))
        })
    }

    /// Whether only an async resolve can make the instance.
    var isAsync: Bool { make == nil }
}

/// Runs a property or method injection, or a `postInit`, on an instance.
///
/// A class: a component's configuration then keeps one word for its `postInit` (most have
/// none), not the two closures inline.
///
/// @unchecked Sendable: as ``FactoryBox`` — user closures, called only from resolving threads.
package final class InjectionBox: @unchecked Sendable {
    let apply: (Any, ResolveContext) throws(DIError) -> Void
    /// The same injection in an async resolve, where its dependencies may be async.
    let applyAsync: (Any, ResolveContext) async throws(DIError) -> Void

    init(
        apply: @escaping (Any, ResolveContext) throws(DIError) -> Void,
        applyAsync: @escaping (Any, ResolveContext) async throws(DIError) -> Void
    ) {
        self.apply = apply
        self.applyAsync = applyAsync
    }
}

/// A property or method injection of a component.
package struct Injection: Sendable {
    /// What it resolves (one dependency for a property; the closure's parameters for a method).
    package let dependencies: [DIDependency]
    /// Whether it waits until the outer resolve has finished (`cycle: true`).
    package let isCycle: Bool
    let box: InjectionBox
}

/// Another type (with a name or tag) a component answers to.
package struct Alias: Sendable {
    let type: Any.Type
    let qualifier: DIQualifier

    var key: DIKey { DIKey(ObjectIdentifier(type), qualifier) }

    /// `Animal`, `Animal (name: "tom")`.
    var label: String {
        qualifier.label.isEmpty ? typeName(type) : "\(typeName(type)) (\(qualifier.label))"
    }
}

/// The key of the registry's index: a type and its qualifier.
package struct DIKey: Hashable, Sendable {
    let type: ObjectIdentifier
    let qualifier: DIQualifier

    init(_ type: ObjectIdentifier, _ qualifier: DIQualifier = .none) {
        self.type = type
        self.qualifier = qualifier
    }
}

/// A registration: immutable once published.
///
/// The builder never mutates a component other threads may be reading: a modifier chained
/// to its `register` changes the registry's draft before the component is made (see
/// ``Registry``), and a later one publishes a changed copy (same ``id``) under its lock.
@usableFromInline
package final class Component: Sendable {
    /// Everything a registration says, changed by builder modifiers.
    ///
    /// In the order a graph reads it, then by how often anything reads it: a graph of
    /// thousands of components then reads one or two cache lines of each.
    package struct Config: Sendable {
        package var parameters: [DIDependency]
        package var injections: [Injection] = []
        package var lifetime: DILifeTime = .prototype
        package var isDefault = false
        package var isTest = false
        var slot: Slot?
        var factory: FactoryBox?
        var postInit: InjectionBox?
        package var type: Any.Type
        package var aliases: [Alias] = []
        package var origin: DIOrigin
        /// The container the component was registered in.
        package var owner: ObjectIdentifier
        package var file: String
        package var line: UInt

        /// Whether a factory was given (`register(T.self)` has none).
        package var hasInitializer: Bool { factory != nil }
        /// Whether the factory is `async` or `@MainActor`: only an async resolve can run it.
        package var isAsync: Bool { factory?.isAsync ?? false }
        /// The `arg` parameters, in order.
        package var arguments: [DIDependency] { parameters.filter { $0.wrappers.contains(.argument) } }

        /// The public description of the component `id` configured so.
        func info(id: Int) -> DIComponentInfo {
            DIComponentInfo(
                id: id,
                typeName: typeName(type),
                aliases: aliases.map(\.label),
                lifetime: lifetime,
                isDefault: isDefault,
                isTest: isTest,
                framework: origin.framework?.name,
                part: origin.part?.name,
                file: file,
                line: line
            )
        }
    }

    // Stored in the order things read them: what every resolve and every graph vertex reads
    // first, in the cache line of the object's header; the choice memo's answers (read only
    // by builds, never by a graph or a deinit) last.

    /// A number unique within the process, in registration order; kept by modified copies.
    package let id: Int
    /// Where instances live, read on every resolve (a plain enum: no copy of the lifetime).
    let storage: Storage
    /// Whether a factory was given (`register(T.self)` has none).
    let hasInitializer: Bool
    /// Whether there is a synchronous factory (none for `register(T.self)`, an async one, or
    /// a `@MainActor` one).
    let makesSynchronously: Bool
    /// Whether the made instance is done: no injection, no `postInit`. A build of such a
    /// component skips those steps without looking at them.
    let isDoneWhenMade: Bool
    /// Whether some injection waits for the end of the resolve.
    let hasCycleInjections: Bool
    /// Whether the factory has `arg` parameters (a build then keeps the arguments given).
    let takesArguments: Bool
    /// Whether a build is the factory alone: there is one (and it is synchronous), it has no
    /// `arg` parameters, no injections and no `postInit`.
    let isFactoryOnly: Bool
    /// Whether its instances live in a slot that keeps them alive and its type is a class:
    /// its slot then keeps each instance as a class reference (``Slot/retainedObject()``).
    /// (A weak slot keeps a weak reference instead, so there is nothing to convert.)
    let keepsObjects: Bool
    /// Whether its type is a class: every instance resolved for it, as an `Any`, holds a
    /// class reference (of that class or a subclass).
    let makesObjects: Bool
    /// Whether a build is the factory alone (``isFactoryOnly``) and nothing but the resolve's
    /// object graph keeps the instance (`prototype`, `objectGraph`).
    let isPlainBuild: Bool
    /// The lifetime's ``DILifeTime/rank``, for a graph's checks without copying the lifetime.
    let rank: Int8
    /// How many dependencies the component has (factory parameters, then injections'): a
    /// graph sizes its edges from here without reading the arrays (a cache line each in a
    /// large graph).
    let dependencyCount: Int32
    /// For each factory parameter: whether it is a plain registered type (no wrapper, no
    /// name or tag), so resolving it can skip the run-time wrapper check.
    let directParameters: ParameterFlags
    package let config: Config
    /// The synchronous factory, read on every build without copying the whole
    /// ``FactoryBox``. Only called when ``makesSynchronously``.
    ///
    /// Not optional: calling an optional closure means copying it out first (a retain and a
    /// release per build). `nonisolated(unsafe)` for the reason ``FactoryBox`` is
    /// `@unchecked Sendable`: a user's factory, only ever called from the thread that resolves.
    nonisolated(unsafe) let make: (ResolveContext, Component) throws(DIError) -> Any
    /// The `arg` parameters' acceptance checks, planned once.
    let argumentChecks: [@Sendable (Any) -> Bool]
    /// The last choice for each plain parameter (see ``ChoiceMemo``), inline: no object of
    /// its own to allocate, free, or follow on every parameter. Each version starts empty
    /// (a modifier retires every remembered choice anyway).
    let choices: ChoiceMemo

    /// Where a component's instances live.
    enum Storage {
        /// Nowhere: a new instance for every request.
        case none
        /// In the resolve's object graph.
        case graph
        /// In a slot (the component's own, or a process-wide one).
        case slot
    }

    /// A new registration.
    convenience init(id: Int, config: consuming Config) {
        let argumentChecks = config.parameters.compactMap(\.acceptsArgument)
        let directParameters = ParameterFlags(
            config.parameters.lazy.map { $0.wrappers.isEmpty && $0.qualifier == .none }
        )
        // `config` last: moved on, not copied.
        self.init(
            id: id,
            config: config,
            argumentChecks: argumentChecks,
            directParameters: directParameters,
            previous: nil
        )
    }

    /// A version of a registration. The factory's parameters never change after `register`,
    /// so what is planned from them is shared by every version.
    private init(
        id: Int,
        config: consuming Config,
        argumentChecks: [@Sendable (Any) -> Bool],
        directParameters: ParameterFlags,
        previous: Component?
    ) {
        self.id = id
        hasCycleInjections = config.injections.contains { $0.isCycle }
        self.argumentChecks = argumentChecks
        takesArguments = !argumentChecks.isEmpty
        self.directParameters = directParameters
        choices = ChoiceMemo(parameterCount: config.parameters.count)
        hasInitializer = config.factory != nil
        isDoneWhenMade = config.injections.isEmpty && config.postInit == nil
        // Not `??`: through a generic function the closure would come back wrapped in thunks.
        if let make = config.factory?.make {
            self.make = make
        } else {
            make = Self.missingFactory
        }
        makesSynchronously = config.factory?.make != nil
        storage =
            switch config.lifetime {
            case .prototype: .none
            case .objectGraph: .graph
            default: .slot
            }
        isFactoryOnly = makesSynchronously && argumentChecks.isEmpty && isDoneWhenMade
        isPlainBuild = isFactoryOnly && storage != .slot
        makesObjects = config.type is AnyClass
        keepsObjects = config.slot.map { $0.kind != .weak } ?? false && makesObjects
        rank = Int8(config.lifetime.rank)
        var dependencyCount = config.parameters.count
        for injection in config.injections { dependencyCount += injection.dependencies.count }
        self.dependencyCount = Int32(truncatingIfNeeded: dependencyCount)
        (keys, types) = Self.indexed(config.type, aliases: config.aliases, previous: previous)
        // Last: moved into the object, not copied (a copy retains every field).
        self.config = consume config
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

    /// Whether every instance resolved for this component is an object of the class
    /// `requested` (or of a subclass): its type is exactly that class.
    @inline(__always)
    func makes(_ requested: Any.Type) -> Bool {
        makesObjects && ObjectIdentifier(config.type) == ObjectIdentifier(requested)
    }

    /// A copy with `change` applied.
    func with(_ change: (inout Config) -> Void) -> Component {
        var config = config
        change(&config)
        return Component(
            id: id,
            config: config,
            argumentChecks: argumentChecks,
            directParameters: directParameters,
            previous: self
        )
    }

    /// The public description of the component.
    package var info: DIComponentInfo { config.info(id: id) }

    /// ``make`` without a synchronous factory. Never called: builds check
    /// ``makesSynchronously`` first and report what is missing.
    private static let missingFactory: @Sendable (ResolveContext, Component) throws(DIError) -> Any = { _, component in
        preconditionFailure("\(typeName(component.config.type)) has no synchronous factory")
    }

    /// What a synchronous factory is called with, in place of its component, once an async
    /// resolve has awaited its parameters: with no parameter marked direct, each parameter
    /// takes the path that finds the awaited value (see ``ResolveContext/parameter(_:of:at:)``).
    static let awaitedParameters = Component(
        id: -1,
        config: Config(
            parameters: [],
            type: Void.self,
            origin: DIOrigin(),
            owner: ObjectIdentifier(Component.self),
            file: "",
            line: 0
        )
    )

    private static let counter = AtomicCount()

    /// The next process-wide component number.
    static func nextID() -> Int { counter.add(1) }
}

/// One flag per factory parameter, in one word: the first 64 parameters' flags are kept
/// (a later parameter reads `false`, which only sends it down the general path).
struct ParameterFlags: Sendable {
    private let bits: UInt64

    init(_ flags: some Sequence<Bool>) {
        var bits: UInt64 = 0
        for (position, flag) in flags.prefix(64).enumerated() where flag {
            bits |= 1 << UInt64(position)
        }
        self.bits = bits
    }

    @inline(__always)
    subscript(position: Int) -> Bool {
        position < 64 && bits & (1 << UInt64(position)) != 0
    }
}
