import DICore
import DILazy
import Testing

// One rule for optional requests (issue 25, item 6): a `T?` that cannot be made — for any
// reason but an initializer cycle, however deep — is nil, with a warning diagnostic saying
// what failed; the same at the top level, for a parameter, a property, a Provider and async.

private protocol ORStore: AnyObject {}
private final class ORPlain: ORStore {}
private final class ORSecure: ORStore {}

private final class ORSettings {
    let store: any ORStore
    init(store: any ORStore) { self.store = store }
}

private final class ORScreen {
    let settings: ORSettings?
    init(settings: ORSettings?) { self.settings = settings }
}

private final class ORHolder {
    var settings: ORSettings?
}

/// What a `many` of stores is, when one of them cannot be made.
private final class ORStores {
    let stores: [any ORStore]?
    init(stores: DIMany<any ORStore>?) { self.stores = stores.map { many($0) } }
}

private final class ORMembers {
    let count: Int
    init(count: Int) { self.count = count }
}

private final class ORNeedy: ORStore {
    init(settings: ORSettings) {}
}

@Suite struct OptionalRuleTests {
    /// Two stores and no `.default()`: `ORSettings` cannot be made, one level down.
    private func ambiguousWiring() -> (DIContainer, DiagnosticLog) {
        let container = DIContainer()
        let diagnostics = DiagnosticLog()
        container.addObserver(diagnostics)
        container.register(ORPlain.init).as((any ORStore).self)
        container.register(ORSecure.init).as((any ORStore).self)
        container.register(ORSettings.init)
        return (container, diagnostics)
    }

    @Test func aTopLevelOptionalIsNilWhenSomethingDeeperFails() throws {
        let (container, diagnostics) = ambiguousWiring()
        let settings: ORSettings? = container.resolve()
        #expect(settings == nil)
        let warning = try #require(diagnostics.all.last)
        #expect(warning.severity == .warning)
        #expect(warning.kind == .ambiguousDependency)
        #expect(warning.message.contains("ORSettings? is nil"))
        #expect(warning.message.contains("ORStore"))
        #expect(warning.path == ["ORSettings", "ORStore"])
    }

    /// A parameter's warning names the chain from the top-level request, as a failure does:
    /// the component whose parameter is `nil` comes first.
    @Test func aParametersWarningStartsAtTheTopLevelRequest() throws {
        let (container, diagnostics) = ambiguousWiring()
        container.register(ORScreen.init)
        let screen: ORScreen = container.resolve()
        #expect(screen.settings == nil)
        let warning = try #require(diagnostics.all.last)
        #expect(warning.message.contains("ORSettings? is nil"))
        #expect(warning.path == ["ORScreen", "ORSettings", "ORStore"])
    }

    @Test func theSameRuleForParametersPropertiesProvidersAndTry() throws {
        let (container, _) = ambiguousWiring()
        container.register(ORScreen.init)
        container.register(ORHolder.init).injection(\.settings)
        let screen: ORScreen = container.resolve()
        #expect(screen.settings == nil)
        let holder: ORHolder = container.resolve()
        #expect(holder.settings == nil)
        let provider: Provider<ORSettings?> = container.resolve()
        #expect(provider.value == nil)
        let tried: ORSettings? = try? container.tryResolve()
        #expect(tried == nil)
        // A required request still fails, naming the chain.
        let error = #expect(throws: DIError.self) { let _: ORSettings = try container.tryResolve() }
        #expect(error?.kind == .ambiguous)
    }

    @Test func anAsyncOptionalFollowsTheSameRule() async {
        let (container, _) = ambiguousWiring()
        let settings: ORSettings? = await container.resolve()
        #expect(settings == nil)
    }

    /// `ORPlain` and `ORNeedy` as stores, the second needing what nothing registers.
    private func manyWithAFailingMember() -> (DIContainer, DiagnosticLog) {
        let container = DIContainer()
        let diagnostics = DiagnosticLog()
        container.addObserver(diagnostics)
        container.register(ORPlain.init).as((any ORStore).self)
        container.register(ORNeedy.init).as((any ORStore).self)
        container.register(ORStores.init)
        return (container, diagnostics)
    }

    @Test func anAwaitedOptionalManyIsNilWhenAMemberFails() async throws {
        let (container, _) = manyWithAFailingMember()
        let awaited: DIMany<any ORStore>? = try await container.tryResolve()
        #expect(awaited == nil)
        let parameter: ORStores = try await container.tryResolve()
        #expect(parameter.stores == nil)
    }

    /// A `many` that fails (one member cannot be made) is `nil` when optional, with the
    /// warning naming the member; required, it fails.
    @Test func anOptionalManyIsNilWhenAMemberFails() throws {
        let (container, diagnostics) = manyWithAFailingMember()
        let top: DIMany<any ORStore>? = try container.tryResolve()
        #expect(top == nil)
        let warning = try #require(diagnostics.all.last)
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("is nil"), "\(warning.message)")
        #expect(warning.message.contains("ORNeedy") && warning.message.contains("ORSettings"), "\(warning.message)")
        let parameter: ORStores = try container.tryResolve()
        #expect(parameter.stores == nil)
        let required = #expect(throws: DIError.self) { let _: DIMany<any ORStore> = try container.tryResolve() }
        #expect(required?.kind == .notRegistered)
        container.register(ORSettings.init)
        container.register(ORSecure.init).as((any ORStore).self).default()
        let fixed: DIMany<any ORStore>? = try container.tryResolve()
        #expect(fixed.map { many($0).count } == 3)
    }

    /// `DIMany<T?>` asks for every `T`, each member as it is registered: the `?` of the
    /// element does not make a member optional, and a member that fails fails the `many`,
    /// at resolve and at validation alike. `DIMany<T>?` is the optional one.
    @Test func optionalElementsDoNotMakeMembersOptional() throws {
        let (container, _) = manyWithAFailingMember()
        let error = #expect(throws: DIError.self) { let _: DIMany<(any ORStore)?> = try container.tryResolve() }
        #expect(error?.kind == .notRegistered)
        #expect(error?.path == ["[ORStore?]", "ORNeedy as ORStore", "ORSettings"])
        container.register { (stores: DIMany<(any ORStore)?>) in ORMembers(count: many(stores).count) }
        let found = container.makeGraph().validate()
        #expect(found.contains { $0.severity == .error && $0.message.hasPrefix("ORNeedy needs ORSettings") })
        container.register { ORSettings(store: ORPlain()) }
        let fixed: DIMany<(any ORStore)?> = try container.tryResolve()
        #expect(many(fixed).count == 2 && many(fixed).allSatisfy { $0 != nil })
    }

    @Test func theContainerIsIntactAfterANil() {
        let container = DIContainer()
        container.register(ORPlain.init).as((any ORStore).self)
        container.register(ORSecure.init).as((any ORStore).self)
        container.register(ORSettings.init).lifetime(.perContainer(.single))
        let first: ORSettings? = container.resolve()
        #expect(first == nil)
        container.register(ORPlain.init).as((any ORStore).self).default()
        let second: ORSettings? = container.resolve()
        let third: ORSettings? = container.resolve()
        #expect(second != nil && second === third)
    }

    /// A `nil` because several components match stays right until the registry changes, so
    /// it is remembered; each resolve still reports its warning, and a registration that
    /// picks one is seen at once.
    @Test func anAmbiguousNilIsTheSameEveryTimeAndGoesWithARegistration() throws {
        let container = DIContainer()
        container.register(ORPlain.init).as((any ORStore).self)
        container.register(ORSecure.init).as((any ORStore).self)
        let log = EventLog()
        container.addObserver(log)
        var kinds: [[DIEvent.Kind]] = []
        var messages: [[String]] = []
        for _ in 0..<3 {
            log.reset()
            let store: (any ORStore)? = container.resolve()
            #expect(store == nil)
            kinds.append(log.all.map(\.kind))
            messages.append(log.all.compactMap { $0.diagnostic?.message })
        }
        #expect(kinds[0] == [.resolveStarted, .diagnostic, .resolveFinished])
        #expect(kinds[1] == kinds[0] && kinds[2] == kinds[0])
        #expect(messages[1] == messages[0] && messages[2] == messages[0])
        let warning = try #require(log.all.first { $0.kind == .diagnostic }?.diagnostic)
        #expect(warning.kind == .ambiguousDependency)

        container.register(ORSecure.init).as((any ORStore).self).default()
        let picked: (any ORStore)? = container.resolve()
        #expect(picked is ORSecure)
    }

    /// `.as(P.self)` on a type that is not a `P`: the instance cannot be made a `P`, so a
    /// `P?` is nil, wherever it is asked for.
    @Test func anAliasThatDoesNotHoldIsNil() throws {
        final class NotAStore {}
        final class Screen {
            let store: (any ORStore)?
            init(store: (any ORStore)?) { self.store = store }
        }
        let container = DIContainer()
        let diagnostics = DiagnosticLog()
        container.addObserver(diagnostics)
        container.register(NotAStore.init).as((any ORStore).self)
        container.register(Screen.init)
        let store: (any ORStore)? = container.resolve()
        #expect(store == nil)
        let warning = try #require(diagnostics.all.last)
        #expect(warning.kind == .misuse)
        #expect(warning.message.contains("ORStore? is nil"))
        #expect(warning.message.contains("NotAStore"))
        let screen: Screen = container.resolve()
        #expect(screen.store == nil)
        let lazy: Lazy<(any ORStore)?> = container.resolve()
        #expect(lazy.value == nil)
        let tried: (any ORStore)? = try? container.tryResolve()
        #expect(tried == nil)
        let error = #expect(throws: DIError.self) { let _: any ORStore = try container.tryResolve() }
        #expect(error?.kind == .typeMismatch)
        #expect(error?.reason == "the component made OptionalRuleTests.NotAStore, which cannot be used as ORStore")
    }

    @Test func anAwaitedAliasThatDoesNotHoldIsNil() async {
        final class NotAStore {}
        let container = DIContainer()
        container.register(NotAStore.init).as((any ORStore).self)
        let awaited: (any ORStore)? = await container.resolve()
        #expect(awaited == nil)
    }

    @Test func anInitializerCycleStaysAnError() {
        final class Left {
            init(right: Right?) {}
        }
        final class Right {
            init(left: Left) {}
        }
        let container = DIContainer()
        container.register(Left.init)
        container.register(Right.init)
        let error = #expect(throws: DIError.self) { let _: Left? = try container.tryResolve() }
        #expect(error?.kind == .cycle)
    }
}
