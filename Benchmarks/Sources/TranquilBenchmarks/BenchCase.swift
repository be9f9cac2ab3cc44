/// One benchmark case: the same operation written by hand, with Tranquil and with Swinject.
///
/// Each variant runs its operation `n` times for the `n` it is given and returns how long
/// the measured part took; a variant that makes no sense for the case (hand-written
/// registration, say) is `nil`.
struct BenchCase {
    /// Runs the operation `n` times; returns the time to count.
    typealias Body = (Int) -> Duration

    /// The operation without a container.
    var hand: Body?
    /// The operation with Tranquil.
    var tranquil: Body?
    /// The operation with Swinject.
    var swinject: Body?
    /// What callgrind counts for one operation (`Scripts/instructions.py`).
    var counted = Counted.body

    /// What callgrind counts for one operation of a case.
    enum Counted: String {
        /// The whole body (``TranquilBenchmarks/profiled(_:_:)``): the operation, `n` times.
        case body
        /// Each ``timed(_:_:)`` call: the bodies time each operation alone (``alone(prepare:_:)``).
        case timed
        /// Nothing: the operations run on threads of their own, which callgrind counts apart.
        case none
    }

    /// Runs `operation` `n` times and times the whole batch (one closure call and two clock
    /// reads per batch, not per operation).
    static func loop(_ operation: @escaping () -> Void) -> Body {
        { n in
            let clock = ContinuousClock()
            let start = clock.now
            for _ in 0..<n { operation() }
            return clock.now - start
        }
    }

    /// Runs `operation` `n` times, timing only the operation: its input is made by `prepare`
    /// before the clock starts, and what it returns is released after the clock stops.
    ///
    /// For operations long enough (a millisecond or so) that two clock reads each are lost
    /// in the noise: registering a container without timing its deinit, or its deinit alone
    /// (through ``Held``).
    static func alone<Input, Output>(
        prepare: @escaping () -> Input,
        _ operation: @escaping (Input) -> Output
    ) -> Body {
        { n in
            let clock = ContinuousClock()
            var total = Duration.zero
            for _ in 0..<n {
                let input = prepare()
                let start = clock.now
                let output = timed(operation, input)
                total += clock.now - start
                withExtendedLifetime(output) {}
            }
            return total
        }
    }

    /// Calls `operation` on `input`: every timed operation of ``alone(prepare:_:)`` goes
    /// through here, so callgrind can count exactly those (CONTRIBUTING has the command).
    ///
    /// Never inlined nor specialized, so that it keeps this one symbol; the call costs
    /// nanoseconds next to operations of a millisecond.
    @inline(never)
    @_optimize(none)
    static func timed<Input, Output>(_ operation: (Input) -> Output, _ input: Input) -> Output {
        operation(input)
    }
}

/// An object whose release a case times: ``drop()`` lets go of the only reference to it.
final class Held<Object: AnyObject> {
    private var object: Object?

    init(_ object: Object) {
        self.object = object
    }

    /// Releases the object (running its deinit, if nothing else holds it).
    func drop() {
        object = nil
    }
}
