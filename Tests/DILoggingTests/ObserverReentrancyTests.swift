import DICore
import DILogging
import Dispatch
import TestSupport
import Testing

/// An observer that resolves from the container it observes: possible only if the container
/// never calls observers while holding a lock (a pthread mutex would deadlock on re-entry).
private final class ResolvingObserver: DIObserver {
    private let container: DIContainer
    private let resolved = Lines()

    init(container: DIContainer) { self.container = container }

    var count: Int { resolved.all.count }

    /// Set while this thread is inside `receive`, so the observer's own resolve does not
    /// recurse. Per thread, not a removal of the observer: removing it would also hide the
    /// events other threads raise meanwhile.
    @TaskLocal private static var isReceiving = false

    func receive(_ event: DIEvent) {
        guard !Self.isReceiving,
            event.kind == .made || event.kind == .reused || event.kind == .cleaned || event.kind == .registered
        else { return }
        Self.$isReceiving.withValue(true) {
            // A prototype: each event the observer handles makes one more.
            let cache: ImageCache = container.resolve()
            resolved.append("\(ObjectIdentifier(cache))")
        }
    }
}

@Suite struct ObserverReentrancyTests {
    @Test func observerMayResolveFromInsideReceive() {
        let container = makeFeedContainer()
        let observer = ResolvingObserver(container: container)
        container.addObserver(observer)
        let recorder = DITraceRecorder()
        container.addObserver(recorder)

        let _: FeedScreen = container.resolve()
        container.register(Missing.init)
        container.clean()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let _: FeedService = container.resolve()
        }

        // At least: three made by the first resolve, one registered, one cleaned, one per thread.
        #expect(observer.count >= 3 + 1 + 1 + 4)
        #expect(recorder.traces.allSatisfy { $0.root.outcome != .failed })
        // The observer holds the container that holds it: break the cycle.
        container.removeObserver(observer)
        container.removeObserver(recorder)
    }

    @Test func globalObserverSeesEveryContainer() throws {
        let recorder = DITraceRecorder()
        let container = DIContainer()
        container.register { Missing() }
        withProcessWideObservationExclusive {
            DIContainer.addGlobalObserver(recorder)
            let _: Missing = container.resolve()
            DIContainer.removeGlobalObserver(recorder)
        }
        let _: Missing = container.resolve()
        // Other suites run in parallel and their resolves reach a global observer too.
        #expect(recorder.traces.contains { $0.root.request == "Missing" })
    }
}

// MARK: - An observer resolving the component an event is about

private final class Store: Sendable {}
private final class Loader: Sendable {
    let store: Store
    init(store: Store) { self.store = store }
}
/// Has a post-initializer injection, so its instance is not finished when its factory returns.
private final class Settings: @unchecked Sendable {
    // @unchecked Sendable: `store` is set once, by the injection, before anyone else sees it.
    var store: Store?
}

private enum EventResolverState {
    /// Set while this thread is inside an `EventResolver`'s `receive`.
    @TaskLocal static var isReceiving = false
}

/// Resolves `T` when told of an event of `kind` about `about`, once per thread at a time.
private final class EventResolver<T>: DIObserver {
    private let container: DIContainer
    private let kind: DIEvent.Kind
    private let about: String
    let answers = LockedValue<[Result<ObjectIdentifier, DIError>]>([])

    init(_: T.Type, on kind: DIEvent.Kind, about: String, in container: DIContainer) {
        (self.container, self.kind, self.about) = (container, kind, about)
    }

    func receive(_ event: DIEvent) {
        let isAbout = event.component?.typeName == about || event.request == about
        guard !EventResolverState.isReceiving, event.kind == kind, isAbout else { return }
        EventResolverState.$isReceiving.withValue(true) {
            let answer = Result { () throws(DIError) in
                ObjectIdentifier(try container.tryResolve() as T as AnyObject)
            }
            answers.withLock { $0.append(answer) }
        }
    }
}

extension ObserverReentrancyTests {
    /// On `.made`, the instance exists: a resolve of it gets that instance where the
    /// component's lifetime shares it, and a new one where it does not.
    @Test(arguments: [
        (DILifeTime.perContainer(.strong), true), (.objectGraph, true), (.prototype, false),
    ])
    func observerResolvesTheInstanceItIsToldWasMade(lifetime: DILifeTime, shares: Bool) throws {
        let container = DIContainer()
        container.register(Store.init).lifetime(lifetime)
        container.register(Loader.init)
        let observer = EventResolver(Store.self, on: .made, about: "Store", in: container)
        container.addObserver(observer)
        defer { container.removeObserver(observer) }

        let loader: Loader = container.resolve()

        let answers = observer.answers.withLock { $0 }
        #expect(answers.count == 1)
        let seen = try #require(try answers.first?.get())
        #expect((seen == ObjectIdentifier(loader.store)) == shares)
    }

    /// The same when the resolve is awaited: the observer's resolve is one of its own, and
    /// gets the instance the awaited resolve made.
    @Test func observerOfAnAwaitedResolveResolvesTheInstanceItIsToldWasMade() async throws {
        let container = DIContainer()
        container.register(Store.init).lifetime(.perContainer(.strong))
        container.register(Loader.init)
        let observer = EventResolver(Store.self, on: .made, about: "Store", in: container)
        container.addObserver(observer)
        defer { container.removeObserver(observer) }

        let loader: Loader = try await container.tryResolve()

        let seen = try #require(try observer.answers.withLock { $0 }.first?.get())
        #expect(seen == ObjectIdentifier(loader.store))
    }

    /// The same for a kept instance an awaited resolve makes in a task of its own (it has
    /// dependencies, whose async code the starter's cancellation must not reach): that task
    /// does the resolve's work, as the resolve.
    @Test func observerOfAnAwaitedResolveResolvesAnInstanceMadeInItsOwnTask() async throws {
        let container = DIContainer()
        container.register(Store.init)
        container.register(Loader.init).lifetime(.perContainer(.strong))
        let observer = EventResolver(Loader.self, on: .made, about: "Loader", in: container)
        container.addObserver(observer)
        defer { container.removeObserver(observer) }

        let loader: Loader = try await container.tryResolve()

        let seen = try #require(try observer.answers.withLock { $0 }.first?.get())
        #expect(seen == ObjectIdentifier(loader))
    }

    /// The same for an instance whose injections run after its `.made` event: the observer
    /// gets the instance being injected, and the resolve keeps it.
    @Test func observerResolvesAnInstanceWhoseInjectionsAreStillToRun() throws {
        let container = DIContainer()
        container.register(Store.init).lifetime(.perContainer(.strong))
        container.register(Settings.init).lifetime(.perContainer(.strong)).injection(\.store)
        let observer = EventResolver(Settings.self, on: .made, about: "Settings", in: container)
        container.addObserver(observer)
        defer { container.removeObserver(observer) }

        let settings: Settings = container.resolve()

        let seen = try #require(try observer.answers.withLock { $0 }.first?.get())
        #expect(seen == ObjectIdentifier(settings))
        #expect(settings.store != nil)
        #expect(ObjectIdentifier(container.resolve() as Settings) == seen)
    }

    /// Before `.made` the instance does not exist: the observer's resolve fails with a cycle
    /// that names the observer (not the component's code), and the resolve it watched goes
    /// on — awaited or not.
    @Test(arguments: [false, true])
    func observerResolvingAnInstanceBeforeItIsMadeIsToldWhy(awaited: Bool) async throws {
        let container = DIContainer()
        container.register(Store.init)
        container.register(Loader.init).lifetime(.perContainer(.strong))
        // Store is Loader's parameter: Loader's factory has not run yet.
        let observer = EventResolver(Loader.self, on: .resolveStarted, about: "Store", in: container)
        container.addObserver(observer)
        defer { container.removeObserver(observer) }

        let loader: Loader = awaited ? try await container.tryResolve() : container.resolve(sync: ())

        let answers = observer.answers.withLock { $0 }
        #expect(answers.count == 1)
        guard case .failure(let error) = answers.first else {
            Issue.record("the observer got Loader before it was made: \(answers)")
            return
        }
        #expect(error.kind == .cycle)
        #expect(error.reason.contains("still being made by the resolve whose event it is handling"))
        #expect(error.reason.contains("an observer may resolve it on Loader's made event"))
        #expect(ObjectIdentifier(container.resolve(sync: ()) as Loader) == ObjectIdentifier(loader))
    }
}
