import DICore
import DILazy
import Dispatch
import TestSupport
import Testing

private final class TVMissing: Sendable {}

private final class TVNeedsMissing: Sendable {
    let missing: TVMissing
    init(missing: TVMissing) { self.missing = missing }
}

private final class TVNeedsMissingWithID: Sendable {
    let missing: TVMissing
    let id: String
    init(missing: TVMissing, id: String) {
        self.missing = missing
        self.id = id
    }
}

/// `tryValue()` of the argument-free delayed values: the container's error is thrown where
/// `.value` traps, and a failure keeps nothing.
@Suite struct DelayedTryValueTests {
    private func expectMissing(_ error: DIError) {
        #expect(error.kind == .notRegistered)
        #expect(error.requested == "TVMissing")
        #expect(error.path.contains("TVNeedsMissing"))
    }

    @Test func aLazyThrowsTheContainersErrorAndKeepsNothing() throws {
        let container = DIContainer()
        container.register(TVNeedsMissing.init)
        let lazy: Lazy<TVNeedsMissing> = container.resolve()
        do {
            _ = try lazy.tryValue()
            Issue.record("a missing dependency was not reported")
        } catch {
            expectMissing(error)
        }
        #expect(!lazy.wasMade)
        container.register(TVMissing.init)
        let made = try lazy.tryValue()
        #expect(lazy.wasMade)
        #expect(lazy.value === made)
    }

    @Test func aProviderThrowsTheContainersErrorOnEveryFailingRead() throws {
        let container = DIContainer()
        container.register(TVNeedsMissing.init)
        let provider: Provider<TVNeedsMissing> = container.resolve()
        for _ in 0..<2 {
            do {
                _ = try provider.tryValue()
                Issue.record("a missing dependency was not reported")
            } catch {
                expectMissing(error)
            }
        }
        container.register(TVMissing.init)
        let first = try provider.tryValue()
        #expect(try provider.tryValue() !== first)
    }

    @Test func anAsyncLazyThrowsTheContainersErrorAndKeepsNothing() async throws {
        let container = DIContainer()
        container.register(TVNeedsMissing.init)
        let lazy: AsyncLazy<TVNeedsMissing> = try container.tryResolve(sync: ())
        do {
            _ = try await lazy.tryValue()
            Issue.record("a missing dependency was not reported")
        } catch {
            expectMissing(error)
        }
        #expect(!lazy.wasMade)
        container.register(TVMissing.init)
        let made = try await lazy.tryValue()
        #expect(lazy.wasMade)
        #expect(await lazy.value === made)
    }

    @Test func anAsyncProviderThrowsTheContainersError() async throws {
        let container = DIContainer()
        container.register(TVNeedsMissing.init)
        let provider: AsyncProvider<TVNeedsMissing> = try container.tryResolve(sync: ())
        do {
            _ = try await provider.tryValue()
            Issue.record("a missing dependency was not reported")
        } catch {
            expectMissing(error)
        }
        container.register(TVMissing.init)
        let first = try await provider.tryValue()
        #expect(try await provider.tryValue() !== first)
    }

    @Test func anAsyncProviderWithArgumentsThrowsTheContainersError() async throws {
        let container = DIContainer()
        container.register { TVNeedsMissingWithID(missing: $0, id: arg($1)) }
        let provider: AsyncProvider1<TVNeedsMissingWithID, String> = try container.tryResolve(sync: ())
        do {
            _ = try await provider.tryValue("a")
            Issue.record("a missing dependency was not reported")
        } catch {
            #expect(error.kind == .notRegistered)
            #expect(error.requested == "TVMissing")
        }
        container.register(TVMissing.init)
        #expect(try await provider.tryValue("b").id == "b")
    }

    /// Every read awaiting the one making that fails gets its error; none hangs, and the
    /// next read, once the wiring is whole, makes the value once.
    @Test func asyncLazyReadersOfAFailedMakingAllGetTheError() async throws {
        for _ in 0..<20 {
            let container = DIContainer()
            container.register(TVNeedsMissing.init)
            let lazy: AsyncLazy<TVNeedsMissing> = try container.tryResolve(sync: ())
            let failures = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        do throws(DIError) {
                            _ = try await lazy.tryValue()
                            return false
                        } catch {
                            return error.kind == .notRegistered
                        }
                    }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(failures == 8)
            container.register(TVMissing.init)
            let values = await withTaskGroup(of: ObjectIdentifier?.self) { group in
                for _ in 0..<8 {
                    group.addTask { (try? await lazy.tryValue()).map(ObjectIdentifier.init) }
                }
                return await group.reduce(into: Set<ObjectIdentifier?>()) { $0.insert($1) }
            }
            #expect(values.count == 1)
            #expect(!values.contains(nil))
        }
    }

    /// Threads reading a failing `Lazy` at once each get the error (none waits for ever);
    /// once the wiring is whole they all get the one value.
    @Test func lazyReadersOnManyThreadsGetTheErrorThenOneValue() throws {
        for _ in 0..<20 {
            let container = DIContainer()
            container.register(TVNeedsMissing.init)
            let lazy: Lazy<TVNeedsMissing> = container.resolve()
            let failures = Collected<Bool>()
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                do throws(DIError) {
                    _ = try lazy.tryValue()
                    failures.append(false)
                } catch {
                    failures.append(error.kind == .notRegistered)
                }
            }
            #expect(failures.values == Array(repeating: true, count: 8))
            container.register(TVMissing.init)
            let made = Collected<ObjectIdentifier>()
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                if let value = try? lazy.tryValue() { made.append(ObjectIdentifier(value)) }
            }
            #expect(made.values.count == 8)
            #expect(Set(made.values).count == 1)
        }
    }

    @Test func aLazyWhoseContainerIsGoneThrowsContainerReleased() {
        var container: DIContainer? = DIContainer()
        container?.register(TVMissing.init)
        let lazy: Lazy<TVMissing>? = container?.resolve()
        container = nil
        #expect(throws: DIError.self) { _ = try lazy?.tryValue() }
        do {
            _ = try lazy?.tryValue()
        } catch {
            #expect(error.kind == .containerReleased)
        }
    }

    @Test func delayedValuesMadeByHandNeverThrow() async throws {
        #expect(try Lazy { 5 }.tryValue() == 5)
        #expect(try Provider { 6 }.tryValue() == 6)
        #expect(try await AsyncLazy { 7 }.tryValue() == 7)
        #expect(try await AsyncProvider { 8 }.tryValue() == 8)
    }
}

private final class TVNumber: Sendable {
    let value = 42
}

/// Reads a container's `AsyncLazy` with `tryValue()` while a job of its own waits to run.
private actor TVReader {
    private var otherJobsRun = 0

    private func otherJob() {
        otherJobsRun += 1
    }

    /// Whether a job of this actor ran meanwhile, which only a suspension lets it do.
    func read(_ lazy: AsyncLazy<TVNumber>) async throws -> (value: Int, suspended: Bool) {
        let before = otherJobsRun
        let queued = Task { self.otherJob() }
        let value = try await lazy.tryValue().value
        let suspended = otherJobsRun != before
        await queued.value
        return (value, suspended)
    }
}

/// As `value` does, `tryValue()` reads a made value without leaving the caller's actor.
@Suite struct AsyncLazyTryValueIsolationTests {
    @Test func aMadeValueIsReadOnTheCallersActor() async throws {
        let container = DIContainer()
        container.register { () async in TVNumber() }
        let lazy: AsyncLazy<TVNumber> = try await container.tryResolve()
        let reader = TVReader()
        #expect(try await reader.read(lazy).value == 42)
        var suspensions = 0
        for _ in 0..<100 where try await reader.read(lazy).suspended { suspensions += 1 }
        #expect(suspensions == 0)
    }
}
