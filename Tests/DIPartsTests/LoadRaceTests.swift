import DICore
import DIParts
import Foundation
import TestSupport
import Testing

// Resolves on other threads while a framework loads: each of its registrations is seen with
// all its modifiers, never a `perFramework(.single)` still a prototype, nor a tie its
// `.default()` has yet to break.

private final class LRLeaf {}
private final class LRMid {
    let leaf: LRLeaf
    init(leaf: LRLeaf) { self.leaf = leaf }
}
private protocol LRStore: AnyObject {}
private final class LRDisk: LRStore {}
private final class LRMemory: LRStore {}
private final class LRScreen {
    let mid: LRMid
    let store: any LRStore
    init(mid: LRMid, store: any LRStore) {
        self.mid = mid
        self.store = store
    }
}

private final class LRPart: DIPart {
    static func load(container: DIContainer) {
        container.register(LRLeaf.init).lifetime(.perFramework(.single))
        container.register(LRMid.init).lifetime(.perPart(.single))
        container.register(LRDisk.init).as((any LRStore).self)
        container.register(LRMemory.init).as((any LRStore).self).default()
        container.register(LRScreen.init)
    }
}

private final class LRFramework: DIFramework {
    static func load(container: DIContainer) {
        container.append(part: LRPart.self)
    }
}

private final class LRSecondLeaf {}
private final class LRSecondFramework: DIFramework {
    static func load(container: DIContainer) {
        for _ in 0..<20 {
            container.register(LRSecondLeaf.init).lifetime(.perFramework(.single)).default()
        }
    }
}

/// Whether the thread `LRHoppingFramework` started found what the load registered before.
private let lrSeenByAnotherThread = LockedValue<Bool?>(nil)

/// Registers, then asks another thread for what it registered, as a load that hops to the
/// main queue would.
private final class LRHoppingFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register(LRLeaf.init).lifetime(.perFramework(.single))
        let thread = Thread { lrSeenByAnotherThread.withLock { $0 = (container.resolve() as LRLeaf?) != nil } }
        thread.start()
        while !thread.isFinished { Thread.sleep(forTimeInterval: 0.001) }
    }
}

private final class LRRound: Sendable {
    let container = DIContainer()
    let leaves = Collected<LRLeaf>()
    let mids = Collected<LRMid>()
    let failures = Collected<String>()
}

@Suite struct LoadRaceTests {
    @Test func resolvesDuringALoadSeeEachRegistrationWithItsModifiers() async {
        await race(rounds: 100, threads: 6, prepare: { _ in LRRound() }) { round, index in
            if index == 0 {
                round.container.append(framework: LRFramework.self)
                return
            }
            for _ in 0..<40 {
                if let leaf: LRLeaf = round.container.resolve() { round.leaves.append(leaf) }
                if let mid: LRMid = round.container.resolve() {
                    round.mids.append(mid)
                    round.leaves.append(mid.leaf)
                }
                do throws(DIError) {
                    let screen: LRScreen? = try round.container.tryResolve()
                    if let screen, !(screen.store is LRMemory) { round.failures.append("the store is not the default") }
                } catch {
                    round.failures.append(error.description)
                }
            }
        } check: { round in
            let leaf: LRLeaf = round.container.resolve()
            let mid: LRMid = round.container.resolve()
            let leaves = round.leaves.values + [leaf]
            let mids = round.mids.values + [mid]
            let leafCount = Set(leaves.map(ObjectIdentifier.init)).count
            let midCount = Set(mids.map(ObjectIdentifier.init)).count
            let failures = round.failures.values
            #expect(leafCount == 1, "perFramework(.single) instances")
            #expect(midCount == 1, "perPart(.single) instances")
            #expect(failures.isEmpty, "\(failures.prefix(3))")
            return leafCount == 1 && midCount == 1 && failures.isEmpty
        }
    }

    @Test func twoFrameworksLoadingOnTwoThreadsKeepEachOthersRegistrationsWhole() async {
        await race(rounds: 100, threads: 6, prepare: { _ in LRRound() }) { round, index in
            switch index {
            case 0: round.container.append(framework: LRFramework.self)
            case 1: round.container.append(framework: LRSecondFramework.self)
            default:
                for _ in 0..<40 {
                    if let leaf: LRLeaf = round.container.resolve() { round.leaves.append(leaf) }
                    if let mid: LRMid = round.container.resolve() { round.mids.append(mid) }
                    do throws(DIError) {
                        _ = try round.container.tryResolve() as LRSecondLeaf?
                    } catch {
                        round.failures.append(error.description)
                    }
                }
            }
        } check: { round in
            let leaf: LRLeaf = round.container.resolve()
            let leafCount = Set((round.leaves.values + [leaf]).map(ObjectIdentifier.init)).count
            let midCount = Set(round.mids.values.map(ObjectIdentifier.init)).count
            let failures = round.failures.values
            #expect(leafCount == 1, "perFramework(.single) instances")
            #expect(midCount <= 1, "perPart(.single) instances")
            #expect(failures.isEmpty, "\(failures.prefix(3))")
            return leafCount == 1 && midCount <= 1 && failures.isEmpty
        }
    }

    @Test func anotherThreadSeesARegistrationOnceItsStatementInALoadEnded() {
        let container = DIContainer()
        container.append(framework: LRHoppingFramework.self)
        #expect(lrSeenByAnotherThread.value == true)
    }
}
