import Foundation

/// Ends the test process if a test has not disarmed it in time: for hangs a test cannot
/// recover from (a starved cooperative pool, a blocked main thread), where recording an issue
/// and going on would stall the rest of the suite instead of failing it.
///
/// The default is generous: the tests it guards finish in milliseconds, but in a full run
/// other tests block the cooperative pool's few threads for seconds at a time (their own
/// races wait for OS threads), more so under ThreadSanitizer, and a guarded test's tasks
/// wait for a pool thread like any others. A real hang never ends, so it still fails.
final class Watchdog: Sendable {
    private let disarmed = DispatchSemaphore(value: 0)

    init(_ what: String, seconds: Int = 90) {
        let disarmed = disarmed
        let thread = Thread {
            if disarmed.wait(timeout: .now() + .seconds(seconds)) == .timedOut {
                fatalError("hang: \(what) did not finish within \(seconds) s")
            }
        }
        thread.start()
    }

    /// The test finished: the watchdog stands down.
    func disarm() {
        disarmed.signal()
    }
}
