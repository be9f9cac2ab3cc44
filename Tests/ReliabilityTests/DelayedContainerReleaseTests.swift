import DICore
import TestSupport
import Testing

/// Made by a provider, with the argument it was given.
private final class Numbered: Sendable {
    let number: Int
    init(number: Int) { self.number = number }
}

/// The graph of a provider's values. Each leaf has a number of its own, so that a leaf made
/// twice in one resolve shows even at the address of a freed one.
private final class SharedLeaf: Sendable {
    private static let made = Counter()
    let number = SharedLeaf.made.increment()
}

/// Sees the leaf, and keeps only its number: while the rest of the resolve runs, the
/// graph's cell is all that keeps the leaf. A prototype: each value makes its own.
private final class SharedMiddle: Sendable {
    let leafNumber: Int
    init(leaf: SharedLeaf) { leafNumber = leaf.number }
}

private final class SharedRoot: Sendable {
    let middle: SharedMiddle
    let leaf: SharedLeaf
    init(middle: SharedMiddle, leaf: SharedLeaf) {
        self.middle = middle
        self.leaf = leaf
    }
}

/// A container released while `Provider1`s it handed out resolve on other threads. A
/// provider holds its container weakly: each call either finds the container (and gets an
/// instance made with its argument) or fails with `.containerReleased`, never a crash or a
/// container freed under a resolve. When the last reference goes inside a provider's
/// resolve, that thread runs the container's deinit.
@Suite struct DelayedContainerReleaseTests {
    private struct Round: Sendable {
        /// The container's only reference outside the resolves in progress.
        let container: LockedValue<DIContainer?>
        let provider: Provider1<Numbered, Int>
        let made = Counter()
        let released = Counter()
        let wrong = Collected<String>()
    }

    @Test func providersRacingTheirContainersReleaseGetAnInstanceOrContainerReleased() async {
        let calls = 200
        let prepare = { (_: Int) -> Round in
            let container = DIContainer()
            container.register { Numbered(number: arg($0)) }
            let provider: Provider1<Numbered, Int> = container.resolve()
            return Round(container: LockedValue(container), provider: provider)
        }
        let finished = await race(rounds: 100, threads: 4, prepare: prepare) { (round: Round, index: Int) in
            for call in 0..<calls {
                // One thread lets go of the container partway through the others' calls.
                if index == 0, call == calls / 4 { round.container.value = nil }
                do throws(DIError) {
                    let made = try round.provider.tryValue(call)
                    if made.number == call {
                        round.made.increment()
                    } else {
                        round.wrong.append("number \(made.number)")
                    }
                } catch {
                    if error.kind == .containerReleased {
                        round.released.increment()
                    } else {
                        round.wrong.append("\(error)")
                    }
                }
            }
        } check: { (round: Round) -> Bool in
            #expect(round.wrong.values.isEmpty, "\(round.wrong.values)")
            #expect(round.made.value + round.released.value == 4 * calls)
            // Released for good: nothing the provider holds keeps the container alive.
            #expect(round.container.value == nil)
            #expect(throws: DIError.self) { _ = try round.provider.tryValue(0) }
            return round.wrong.values.isEmpty
        }
        #expect(finished)
    }

    /// Values of one provider on many threads while its graph lets go of what they made:
    /// the graph holds its instances weakly once no resolve runs in it, so a value must
    /// never see an instance of its own resolve go (its root and middle get one leaf, which
    /// only the graph holds in between).
    @Test func providerValuesRacingTheirGraphsLettingGoKeepTheirOwnInstances() async {
        let container = DIContainer()
        container.register(SharedLeaf.init).lifetime(.objectGraph)
        container.register(SharedMiddle.init)
        container.register(SharedRoot.init)
        let broken = Counter()
        let finished = await race(rounds: 50, threads: 4) { _ in
            let provider: Provider<SharedRoot> = container.resolve()
            return provider
        } _: { provider, _ in
            for _ in 0..<200 {
                let root = provider.value
                if root.middle.leafNumber != root.leaf.number { broken.increment() }
            }
        }
        #expect(finished)
        #expect(broken.value == 0)
    }
}
