import DICore
import DILazy
import TestSupport
import Testing

// What a `Lazy` keeps alive, and for how long (the fixtures `LIShared`, `LILeaf`, `LIRoot`
// and `LIDependency` are `LazyIntegrationTests`').

private final class LIDeinitCounter: @unchecked Sendable {
    // @unchecked Sendable: tests touch it from one thread.
    var count = 0
}

private final class LIHeavy {
    let shared: LIShared
    let onDeinit: LIDeinitCounter
    init(shared: LIShared, onDeinit: LIDeinitCounter) {
        self.shared = shared
        self.onDeinit = onDeinit
    }
    deinit { onDeinit.count += 1 }
}

@Suite struct LazyReleaseTests {
    @Test func aGraphReachedOnlyThroughADroppedLazyIsReleased() {
        let counter = LIDeinitCounter()
        let container = DIContainer()
        container.register { counter }
        container.register(LIShared.init).lifetime(.objectGraph)
        container.register(LIHeavy.init).lifetime(.objectGraph)
        weak var heavy: LIHeavy?
        weak var shared: LIShared?
        do {
            let lazy: Lazy<LIHeavy> = container.resolve()
            heavy = lazy.value
            shared = lazy.value.shared
            #expect(heavy != nil)
        }
        #expect(heavy == nil)
        #expect(shared == nil)
        #expect(counter.count == 1)
    }

    @Test func aDroppedRootReleasesItsGraphEvenIfALazyWasRead() {
        let container = LazyIntegrationTests.graphContainer()
        weak var shared: LIShared?
        weak var leaf: LILeaf?
        do {
            let root: LIRoot = container.resolve()
            shared = root.shared
            leaf = root.leaf.value
        }
        #expect(shared == nil)
        #expect(leaf == nil)
    }

    @Test func aLazyDoesNotKeepItsContainerAlive() {
        weak var weakContainer: DIContainer?
        var lazy: Lazy<LIDependency>?
        do {
            let container = DIContainer()
            container.register(LIDependency.init)
            weakContainer = container
            lazy = container.resolve()
        }
        #expect(weakContainer == nil)
        #expect(lazy?.wasMade == false)
    }

    /// The instance a container kept goes with the container, though a `Lazy`, `Provider`
    /// or `AsyncProvider` it handed out (here or in a child) lives on, once the app lets go.
    @Test(arguments: [
        DILifeTime.perContainer(.single), .perContainer(.weak), .perFramework(.single), .perPart(.single),
        .custom(name: "session"),
    ])
    func aHandleThatOutlivesItsContainerDoesNotKeepWhatTheContainerKept(lifetime: DILifeTime) async {
        weak var kept: LIDependency?
        var handles: [Any] = []
        do {
            let container = DIContainer()
            container.register(LIDependency.init).lifetime(lifetime)
            let child = DIContainer(parent: container)
            let lazy: Lazy<LIDependency> = container.resolve(sync: ())
            let provider: Provider<LIDependency> = child.resolve(sync: ())
            let asyncProvider: AsyncProvider<LIDependency> = container.resolve(sync: ())
            // A `Lazy` keeps the value it read; this one is never read.
            #expect(!lazy.wasMade)
            let instance = provider.value
            #expect(await asyncProvider.value === instance)
            kept = instance
            handles = [lazy, provider, asyncProvider]
        }
        #expect(kept == nil)
        #expect(handles.count == 3)
    }

    #if os(macOS) || os(Linux)  // exit tests: not on iOS, tvOS, watchOS or visionOS
    @Test func readingALazyThatOutlivedItsContainerTrapsWithContainerReleased() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let lazy: Lazy<LIDependency> = {
                let container = DIContainer()
                container.register(LIDependency.init)
                return container.resolve()
            }()
            _ = lazy.value
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("released"))
    }
    #endif
}
