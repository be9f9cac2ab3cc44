import Foundation

/// Ends the test process if a test has not disarmed it in time: for hangs a test cannot
/// recover from (a starved cooperative pool, a blocked main thread), where recording an issue
/// and going on would stall the rest of the suite instead of failing it.
final class Watchdog: Sendable {
    private let disarmed = DispatchSemaphore(value: 0)

    init(_ what: String, seconds: Int = 10) {
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
