import Foundation

/// Runs `body(index)` on `count` OS threads that all start together, and waits for them.
///
/// Real threads rather than tasks: the cooperative pool has as many threads as cores (two
/// on CI), so tasks would not put sixteen readers on a `Lazy` at the same moment.
///
/// - Returns: Whether every thread finished within `timeout` (false means a deadlock).
@discardableResult
func onThreads(_ count: Int, timeout: Double = 20, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
    let start = DispatchSemaphore(value: 0)
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            start.wait()
            body(index)
            group.leave()
        }
        thread.start()
    }
    for _ in 0..<count { start.signal() }
    return group.wait(timeout: .now() + timeout) == .success
}

/// A counter many threads may bump.
final class Counter: @unchecked Sendable {
    // @unchecked Sendable: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    @discardableResult
    func next() -> Int {
        lock.withLock {
            count += 1; return count
        }
    }
}
