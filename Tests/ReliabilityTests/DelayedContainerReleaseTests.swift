import DICore
import TestSupport
import Testing

/// Made by a provider, with the argument it was given.
private final class Numbered: Sendable {
    let number: Int
    init(number: Int) { self.number = number }
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

    @Test func providersRacingTheirContainersReleaseGetAnInstanceOrContainerReleased() {
        let calls = 200
        let prepare = { (_: Int) -> Round in
            let container = DIContainer()
            container.register { Numbered(number: arg($0)) }
            let provider: Provider1<Numbered, Int> = container.resolve()
            return Round(container: LockedValue(container), provider: provider)
        }
        let finished = race(rounds: 100, threads: 4, prepare: prepare) { (round: Round, index: Int) in
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
}
