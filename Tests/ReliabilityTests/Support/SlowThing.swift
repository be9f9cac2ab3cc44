import Foundation
import TestSupport

/// An object whose initializer is slow, so racing threads arrive while the first makes it.
final class SlowThing: Sendable {
    let generation: Int

    init(made: Counter, generation: Int = 0) {
        made.increment()
        self.generation = generation
        SlowThing.pause()
    }

    /// ~100 µs: enough for 16 threads to pile up, short enough for hundreds of rounds.
    static func pause() {
        usleep(100)
    }
}
