import Foundation
import TestSupport

/// Ends the test process if a test stops making progress: for hangs a test cannot recover
/// from (a starved cooperative pool, a blocked main thread), where recording an issue and
/// going on would stall the rest of the suite instead of failing it.
///
/// It catches hangs, not slowness: it fires only when the test has not called ``beat()`` (or
/// ``disarm()``) for `seconds` — in a full run other tests block the cooperative pool's few
/// threads for seconds at a time, more so under ThreadSanitizer, and a guarded test's tasks
/// wait for a pool thread like any others. A test with rounds beats once a round; a real
/// hang never beats again, so it still fails.
///
/// The default is longer than a whole run of the suite under ThreadSanitizer (about 100 s
/// on a 2-core machine): a round's tasks are queued behind every other test's, and with 90 s
/// a round of `AsyncPooledContextTests` that waited for the pool to clear was taken for a
/// hang in CI while the run went on.
final class Watchdog: Sendable {
    private let beats = Counter()
    private let disarmed = DispatchSemaphore(value: 0)

    init(_ what: String, seconds: Int = 300) {
        let disarmed = disarmed
        let beats = beats
        let thread = Thread {
            var seen = beats.value
            var quiet = 0
            while disarmed.wait(timeout: .now() + .seconds(1)) == .timedOut {
                let now = beats.value
                if now != seen {
                    seen = now
                    quiet = 0
                } else {
                    quiet += 1
                    if quiet >= seconds { fatalError("hang: \(what) made no progress for \(seconds) s") }
                }
            }
        }
        thread.start()
    }

    /// The test is getting on: the watchdog starts counting again.
    func beat() {
        beats.increment()
    }

    /// The test finished: the watchdog stands down.
    func disarm() {
        disarmed.signal()
    }
}
