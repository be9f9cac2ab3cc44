import DICore
import Foundation
import TestSupport
import Testing

// Two cached components that reach each other through property injection, first resolved
// from many threads at once. On one thread the graph is fine; across threads, each thread
// made one of the two and waited for the other's maker.

private final class Alpha: @unchecked Sendable {
    // @unchecked Sendable: written by the resolve that makes it, before anyone else sees it.
    var beta: Beta?
    var missing: CycleMissing?
    init(made: Counter) {
        made.increment()
        SlowThing.pause()
    }
}

private final class Beta: @unchecked Sendable {
    // @unchecked Sendable: written by the resolve that makes it, before anyone else sees it.
    // Weak: the half-made pairs a failing round leaves are let go of (LeakSanitizer).
    weak var alpha: Alpha?
    init(made: Counter) {
        made.increment()
        SlowThing.pause()
    }
}

/// Registered only once a failing round is over.
private final class CycleMissing {}

/// One round: a fresh container, what its factories counted, what the threads got.
private struct CycleRound: Sendable {
    let container: DIContainer
    let alphasMade = Counter()
    let betasMade = Counter()
    let alphas = Collected<Alpha>()
    let betas = Collected<Beta>()
    let errors = Collected<String>()

    /// `failing`: `Alpha` also needs a `CycleMissing`, not registered yet.
    init(cycleFlag: Bool, failing: Bool = false) {
        container = DIContainer()
        let (alphasMade, betasMade) = (self.alphasMade, self.betasMade)
        let alpha = container.register { Alpha(made: alphasMade) }.lifetime(.perContainer(.single))
        if cycleFlag {
            alpha.injection(cycle: true, \.beta)
        } else {
            alpha.injection(\.beta)
        }
        let beta = container.register { Beta(made: betasMade) }.lifetime(.perContainer(.single))
        guard failing else {
            beta.injection(\.alpha)
            return
        }
        // Required both ways (an injection of an optional property may answer nil).
        alpha.injection { (alpha: Alpha, missing: CycleMissing) in alpha.missing = missing }
        beta.injection { (beta: Beta, alpha: Alpha) in beta.alpha = alpha }
    }

    /// Half the threads ask for `Alpha` first, half for `Beta`.
    func resolve(_ index: Int) {
        do throws(DIError) {
            if index.isMultiple(of: 2) {
                received(try container.tryResolve() as Alpha)
            } else {
                received(try container.tryResolve() as Beta)
            }
        } catch {
            errors.append(error.description)
        }
    }

    /// ``resolve(_:)`` in an async resolve.
    func resolveAsync(_ index: Int) async {
        do throws(DIError) {
            if index.isMultiple(of: 2) {
                received(try await container.tryResolve() as Alpha)
            } else {
                received(try await container.tryResolve() as Beta)
            }
        } catch {
            errors.append(error.description)
        }
    }

    /// Its own injection is done when the resolve returns.
    private func received(_ alpha: Alpha) {
        if alpha.beta == nil { errors.append("an Alpha came back without its Beta") }
        alphas.append(alpha)
    }

    private func received(_ beta: Beta) {
        if beta.alpha == nil { errors.append("a Beta came back without its Alpha") }
        betas.append(beta)
    }

    /// Every thread failed (`CycleMissing` is not registered), and nothing half made was
    /// kept: once it is, the pair the container makes is linked to each other and whole.
    func failedLeavingNothing() -> Bool {
        guard alphas.values.isEmpty, betas.values.isEmpty, errors.values.count == 16 else {
            let cameBack = "\(alphas.values.count) Alphas and \(betas.values.count) Betas came back"
            Issue.record("\(cameBack); errors: \(errors.values.prefix(2))")
            return false
        }
        container.register(CycleMissing.init)
        do throws(DIError) {
            let alpha: Alpha = try container.tryResolve()
            let beta: Beta = try container.tryResolve()
            let whole = alpha.beta === beta && beta.alpha === alpha && alpha.missing != nil
            if !whole { Issue.record("a kept instance holds one whose making failed") }
            alpha.beta = nil
            beta.alpha = nil
            return whole
        } catch {
            Issue.record("after the fix: \(error)")
            return false
        }
    }

    /// Every thread got the one pair, each factory ran once, nothing failed.
    func isSound() -> Bool {
        let alphas = alphas.values
        let betas = betas.values
        let failures = errors.values
        guard failures.isEmpty, alphasMade.value == 1, betasMade.value == 1,
            allIdentical(alphas), allIdentical(betas), let alpha = alphas.first, let beta = betas.first
        else {
            Issue.record(
                "Alpha made \(alphasMade.value)×, Beta made \(betasMade.value)×, errors: \(failures.prefix(2))"
            )
            return false
        }
        let linked = alpha.beta === beta && beta.alpha === alpha
        if !linked { Issue.record("the pair the threads got is not linked to each other") }
        // Break the cycle the test made on purpose, so nothing leaks.
        alpha.beta = nil
        beta.alpha = nil
        return linked
    }
}

@Suite struct InjectionCycleRaceTests {
    static let rounds = 500

    /// `injection(cycle: true)` one way, a plain `injection` back: 16 threads, half starting
    /// from each end, every round a fresh container.
    @Test(arguments: [true, false])
    func cachedComponentsInAnInjectionCycleAreMadeOnceUnderARace(cycleFlag: Bool) async {
        let finished = await race(rounds: Self.rounds, threads: 16, noProgressFor: .seconds(60)) { _ in
            CycleRound(cycleFlag: cycleFlag)
        } _: { round, index in
            round.resolve(index)
        } check: { round in
            round.isSound()
        }
        #expect(finished)
    }

    /// The same race, with `Alpha`'s last injection failing: whichever thread was let through
    /// with the other's unfinished instance, no kept instance holds a half-made one.
    @Test(arguments: [true, false])
    func aFailingMakingInAnInjectionCycleRaceLeavesNothingHalfMade(cycleFlag: Bool) async {
        let finished = await race(rounds: Self.rounds / 5, threads: 16, noProgressFor: .seconds(60)) { _ in
            CycleRound(cycleFlag: cycleFlag, failing: true)
        } _: { round, index in
            round.resolve(index)
        } check: { round in
            round.failedLeavingNothing()
        }
        #expect(finished)
    }

    /// The same race between 16 tasks, each an async resolve: waiting tasks suspend, and the
    /// loop is broken the same way.
    @Test(arguments: [true, false])
    func cachedComponentsInAnInjectionCycleAreMadeOnceUnderAnAsyncRace(cycleFlag: Bool) async {
        let watchdog = Watchdog("an injection cycle raced by async resolves")
        defer { watchdog.disarm() }
        for _ in 0..<(Self.rounds / 5) {
            watchdog.beat()
            let round = CycleRound(cycleFlag: cycleFlag)
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<16 {
                    group.addTask { await round.resolveAsync(index) }
                }
            }
            guard round.isSound() else { return }
        }
    }
}
