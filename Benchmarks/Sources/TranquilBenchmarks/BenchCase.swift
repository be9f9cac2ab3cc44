/// One benchmark case: the same operation written by hand, with Tranquil and with Swinject.
///
/// Each variant runs its operation `n` times for the `n` it is given; a variant that makes
/// no sense for the case (hand-written registration, say) is `nil`.
struct BenchCase {
    /// The operation without a container.
    var hand: ((Int) -> Void)?
    /// The operation with Tranquil.
    var tranquil: ((Int) -> Void)?
    /// The operation with Swinject.
    var swinject: ((Int) -> Void)?

    /// Runs `operation` `n` times.
    static func loop(_ operation: @escaping () -> Void) -> (Int) -> Void {
        { n in
            for _ in 0..<n { operation() }
        }
    }
}
