import DICore
import DIParts
import Foundation
import TestSupport
import Testing

/// What the slow framework and part register.
private final class Loaded: Sendable {}
private final class LoadedByPart: Sendable {}

/// A framework whose `load` takes a while before it registers anything.
private final class SlowFramework: DIFramework {
    static func load(container: DIContainer) {
        SlowThing.pause()
        container.register(Loaded.init)
    }
}

/// A part whose `load` takes a while before it registers anything.
private final class SlowPart: DIPart {
    static func load(container: DIContainer) {
        SlowThing.pause()
        container.register(LoadedByPart.init)
    }
}

/// A framework that appends itself again while it loads (re-entry on one thread).
private final class SelfAppendingFramework: DIFramework {
    static func load(container: DIContainer) {
        container.append(framework: SelfAppendingFramework.self)
        container.register(Loaded.init)
    }
}

/// Two frameworks that append each other while they load.
private final class PingFramework: DIFramework {
    static func load(container: DIContainer) {
        SlowThing.pause()
        container.append(framework: PongFramework.self)
        container.register(Loaded.init)
    }
}

private final class PongFramework: DIFramework {
    static func load(container: DIContainer) {
        SlowThing.pause()
        container.append(framework: PingFramework.self)
        container.register(LoadedByPart.init)
    }
}

/// `append(framework:)` and `append(part:)` racing on many threads: each returns only once
/// what it appended is loaded, whichever thread loads it.
@Suite struct AppendRaceTests {
    static let rounds = 200

    @Test func everyAppendOfAFrameworkReturnsOnceItIsLoaded() async {
        let finished = await Self.raceAppends { container throws(DIError) in
            container.append(framework: SlowFramework.self)
            let _: Loaded = try container.tryResolve(from: SlowFramework.self)
        }
        #expect(finished)
    }

    @Test func everyAppendOfAPartReturnsOnceItIsLoaded() async {
        let finished = await Self.raceAppends { container throws(DIError) in
            container.append(part: SlowPart.self)
            let _: LoadedByPart = try container.tryResolve()
        }
        #expect(finished)
    }

    /// Rounds of 4 threads calling `appendAndResolve` on a fresh container: none may fail.
    private static func raceAppends(
        _ appendAndResolve: @escaping @Sendable (DIContainer) throws(DIError) -> Void
    ) async -> Bool {
        await race(rounds: rounds, threads: 4, noProgressFor: .seconds(60)) { _ in
            (container: DIContainer(), failures: Collected<String>())
        } _: { round, _ in
            do throws(DIError) {
                try appendAndResolve(round.container)
            } catch {
                round.failures.append(error.description)
            }
        } check: { round in
            let failures = round.failures.values
            if !failures.isEmpty { Issue.record("\(failures.count) resolves after append failed: \(failures[0])") }
            return failures.isEmpty
        }
    }

    /// Re-entry on the loading thread returns at once (the framework is loading there).
    @Test func aFrameworkAppendingItselfWhileItLoadsFinishes() async {
        let finished = await finishes(noProgressFor: .seconds(60)) {
            let container = DIContainer()
            container.append(framework: SelfAppendingFramework.self)
            let _: Loaded = container.resolve()
        }
        #expect(finished)
    }

    /// Two threads loading two frameworks that append each other: neither waits for the
    /// other forever, and both end up loaded.
    @Test func frameworksAppendingEachOtherFromTwoThreadsFinish() async {
        let finished = await race(rounds: 50, threads: 2, noProgressFor: .seconds(60)) { _ in
            DIContainer()
        } _: { container, index in
            if index == 0 {
                container.append(framework: PingFramework.self)
            } else {
                container.append(framework: PongFramework.self)
            }
        } check: { container in
            let loaded: Loaded? = container.resolve()
            let byPart: LoadedByPart? = container.resolve()
            return loaded != nil && byPart != nil
        }
        #expect(finished)
    }
}
