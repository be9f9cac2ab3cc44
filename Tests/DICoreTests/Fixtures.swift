import DICore
import Foundation
import Synchronization
import Testing

// Shared model types for the DICore suites. `Animal`, `Owner` and `Cat` keep the shapes the
// first smoke test had, so suites written against them keep compiling.

protocol Animal: AnyObject { var name: String { get } }

final class Owner { let name = "Ann" }

final class Cat: Animal {
    let name: String
    let owner: Owner
    init(name: String, owner: Owner) {
        self.name = name
        self.owner = owner
    }
}

final class Dog: Animal {
    let name: String
    init(name: String = "Rex") { self.name = name }
}

/// A tag type for `.as(_:tag:)` / `by(tag:on:)`.
enum HouseTag {}
/// Another tag, to prove tags do not leak into each other.
enum FarmTag {}

/// Counts how many times something happened, from any thread.
final class Counter: Sendable {
    private let storage = Atomic<Int>(0)
    var value: Int { storage.load(ordering: .sequentiallyConsistent) }
    func increment() { storage.add(1, ordering: .sequentiallyConsistent) }
}

/// An object whose initializer and deinit are counted, to observe making and releasing.
final class Tracked {
    let made: Counter
    let released: Counter
    init(made: Counter, released: Counter = Counter()) {
        self.made = made
        self.released = released
        made.increment()
    }
    deinit { released.increment() }
}

/// An object that is slow to make, so racing threads all arrive while the first one makes it.
final class Slow: Sendable {
    init(made: Counter) {
        made.increment()
        Slow.pause()
    }

    /// Long enough for racing threads to arrive while the first one is still making.
    static func pause() {
        Thread.sleep(forTimeInterval: 0.002)
    }
}

/// Runs `body` on a separate thread and fails the test (instead of hanging it) if it has
/// not finished by `timeout`.
///
/// - Returns: Whether `body` finished in time.
@discardableResult
func finishes(
    within timeout: Duration = .seconds(20),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () -> Void
) -> Bool {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = 4 << 20
    thread.start()
    let seconds = Double(timeout.components.seconds)
    guard done.wait(timeout: .now() + seconds) == .success else {
        Issue.record("did not finish within \(timeout): a deadlock or a hang", sourceLocation: sourceLocation)
        return false
    }
    return true
}

/// Starts `threads` OS threads that all call `body` at (nearly) the same moment, and waits
/// for all of them, failing the test if they do not finish by `timeout`.
///
/// - Returns: Whether every thread finished in time.
@discardableResult
func race(
    threads: Int = 16,
    within timeout: Duration = .seconds(20),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable (Int) -> Void
) -> Bool {
    let ready = DispatchSemaphore(value: 0)
    let go = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    for index in 0..<threads {
        let thread = Thread {
            ready.signal()
            go.wait()
            body(index)
            done.signal()
        }
        thread.stackSize = 4 << 20
        thread.start()
    }
    for _ in 0..<threads { ready.wait() }
    for _ in 0..<threads { go.signal() }
    let deadline = DispatchTime.now() + Double(timeout.components.seconds)
    for _ in 0..<threads where done.wait(timeout: deadline) != .success {
        Issue.record("threads did not finish within \(timeout): a deadlock or a hang", sourceLocation: sourceLocation)
        return false
    }
    return true
}

/// Collects values from many threads.
final class Collected<Value>: @unchecked Sendable {
    // @unchecked Sendable: `values` is only touched under `lock`.
    private let lock = NSLock()
    private var storage: [Value] = []
    func append(_ value: Value) { lock.withLock { storage.append(value) } }
    var values: [Value] { lock.withLock { storage } }
}

/// Whether every object in `objects` is the same instance.
func allIdentical(_ objects: [AnyObject]) -> Bool {
    guard let first = objects.first else { return true }
    return objects.allSatisfy { $0 === first }
}

/// The error a throwing resolve failed with, or `nil` (recording an issue) if it succeeded.
func resolveError<T>(
    _ type: T.Type,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws(DIError) -> T
) -> DIError? {
    do {
        _ = try body()
        Issue.record("expected \(T.self) to fail, but it resolved", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

private let lineCounter = Atomic<UInt>(1_000_000)

/// A `line:` no other registration uses, so process-wide (`single`/`perApplication`)
/// storage starts empty for each test, however often the tests run in one process.
func uniqueLine() -> UInt {
    lineCounter.add(1, ordering: .relaxed).newValue
}
