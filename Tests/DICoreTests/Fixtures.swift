import DICore
import Foundation
import TestSupport
import Testing

// Shared model types for the DICore suites. `Animal`, `Owner` and `Cat` keep the shapes the
// first smoke test had, so suites written against them keep compiling.

protocol Animal: AnyObject { var name: String { get } }

final class Owner: Sendable { let name = "Ann" }

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

/// The 3-object graph's leaf: shared by the two objects above it.
final class GraphLeaf: Sendable {}

/// The 3-object graph's middle object, over the leaf.
final class GraphMiddle: Sendable {
    let leaf: GraphLeaf
    init(leaf: GraphLeaf) { self.leaf = leaf }
}

/// The 3-object graph's root: `GraphRoot(middle: GraphMiddle(leaf: leaf), leaf: leaf)`.
final class GraphRoot: Sendable {
    let middle: GraphMiddle
    let leaf: GraphLeaf
    init(middle: GraphMiddle, leaf: GraphLeaf) {
        self.middle = middle
        self.leaf = leaf
    }
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

/// A component made with two runtime arguments (`arg` parameters).
final class Router {
    let server: String
    let count: Int
    init(server: String, count: Int) {
        self.server = server
        self.count = count
    }
}

/// Keeps the diagnostics a container delivers (at run time or from `checkIsValid`), from any
/// thread.
final class DiagnosticLog: DIObserver, @unchecked Sendable {
    // @unchecked Sendable: `storage` is only touched under `lock`.
    private let lock = NSLock()
    private var storage: [DIDiagnostic] = []

    var all: [DIDiagnostic] { lock.withLock { storage } }

    func receive(_ event: DIEvent) {
        guard let diagnostic = event.diagnostic else { return }
        lock.withLock { storage.append(diagnostic) }
    }
}

/// Every event delivered, in order.
final class EventLog: DIObserver, @unchecked Sendable {
    // @unchecked Sendable: `events` is only touched under `lock`.
    private let lock = NSLock()
    private var events: [DIEvent] = []
    func receive(_ event: DIEvent) { lock.withLock { events.append(event) } }
    var all: [DIEvent] { lock.withLock { events } }
    func reset() { lock.withLock { events.removeAll() } }
}
