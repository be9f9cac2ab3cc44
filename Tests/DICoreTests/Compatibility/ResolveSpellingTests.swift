import DICore
import DILazy
import Testing

// DITranquillity 6's resolve spellings: a name or tag with `arguments:`, and `sync:` to ask
// for the synchronous form in an async context (issue 25, item 2).

private protocol RSStore: AnyObject {
    var label: String { get }
}

private final class RSKeychain: RSStore {
    let label: String
    init(label: String) { self.label = label }
}

private final class RSPlain: RSStore {
    let label = "plain"
}

private enum RSSecure {}

@Suite struct ResolveSpellingTests {
    private func makeContainer() -> DIContainer {
        let container = DIContainer()
        container.register { RSKeychain(label: arg($0)) }.as((any RSStore).self, name: "secure")
            .as((any RSStore).self, tag: RSSecure.self)
        container.register(RSPlain.init).as((any RSStore).self, name: "plain")
        return container
    }

    @Test func aNameWithArgumentsForDeeperComponents() throws {
        let container = makeContainer()
        let arguments = AnyArguments(for: RSKeychain.self, args: "app")
        let store: any RSStore = container.resolve(name: "secure", arguments: arguments)
        #expect(store.label == "app")
        let tried: any RSStore = try container.tryResolve(name: "secure", arguments: arguments)
        #expect(tried.label == "app")
        let missing: (any RSStore)? = container.resolve(name: "nothing", arguments: arguments)
        #expect(missing == nil)
    }

    @Test func aTagWithArguments() {
        let container = makeContainer()
        let store: any RSStore = container.resolve(
            tag: RSSecure.self,
            arguments: AnyArguments(for: RSKeychain.self, args: "tagged")
        )
        #expect(store.label == "tagged")
    }

    @Test func theAsyncFormsTakeANameOrTagWithArguments() async {
        let container = makeContainer()
        let arguments = AnyArguments(for: RSKeychain.self, args: "async")
        let named: any RSStore = await container.resolve(name: "secure", arguments: arguments)
        let tagged: any RSStore = await container.resolve(tag: RSSecure.self, arguments: arguments)
        #expect(named.label == "async" && tagged.label == "async")
    }

    @Test func syncChoosesTheSynchronousFormInAnAsyncContext() async {
        let container = makeContainer()
        let plain: any RSStore = container.resolve(sync: (), name: "plain")
        #expect(plain.label == "plain")
        let provider: Provider<RSPlain> = container.resolve(sync: ())
        #expect(provider.value.label == "plain")
        let keychain: RSKeychain = container.resolve(sync: (), args: "sync")
        #expect(keychain.label == "sync")
        let tagged: (any RSStore)? = container.resolve(sync: (), tag: RSSecure.self)
        #expect(tagged == nil)  // its component needs an argument none was given
        let viaArguments: RSKeychain = container.resolve(
            sync: (),
            arguments: AnyArguments(for: RSKeychain.self, args: "a")
        )
        #expect(viaArguments.label == "a")
    }

    /// A synchronous `tryResolve` in an async context: an async component is not awaited
    /// but `.requiresAsync`, thrown where the caller can catch it.
    @Test func syncChoosesTheSynchronousThrowingFormInAnAsyncContext() async throws {
        let container = makeContainer()
        container.register { () async in RSAsyncStore() }.as(RSAsyncStore.self)
            .as((any RSStore).self, tag: RSAsync.self).as((any RSStore).self, name: "async")
        let plain: any RSStore = try container.tryResolve(sync: (), name: "plain")
        #expect(plain.label == "plain")
        let failures = [
            Result { () throws(DIError) in try container.tryResolve(sync: ()) as RSAsyncStore }.error,
            Result { () throws(DIError) in try container.tryResolve(sync: (), name: "async") as any RSStore }.error,
            Result { () throws(DIError) in try container.tryResolve(sync: (), tag: RSAsync.self) as any RSStore }.error,
        ]
        #expect(failures.map(\.?.kind) == [.requiresAsync, .requiresAsync, .requiresAsync])
        // The awaited form makes it.
        let made: RSAsyncStore = try await container.tryResolve()
        #expect(made.label == "async")
    }
}

private final class RSAsyncStore: RSStore {
    let label = "async"
}

private enum RSAsync {}

extension Result {
    fileprivate var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
