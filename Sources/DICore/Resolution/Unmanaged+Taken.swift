extension Unmanaged {
    /// The reference, with the retain it carries, handed over as a `P`: the caller must know
    /// that the object's class is exactly `P` (or that `P` is a class it is an instance of).
    ///
    /// Moved, not cast: in code not specialized for `P`, `unsafeBitCast` to `P` copies
    /// through `P`'s value witness (one more retain), and the original is then let go of
    /// (one more release).
    @inline(__always)
    func taken<P>(as type: P.Type) -> P {
        // The variable holds the reference's bits, which its type (a raw pointer) does not
        // own: moving them out as a `P` hands over the retain.
        var bits = toOpaque()
        return Self.moved(from: &bits, as: P.self)
    }

    @inline(__always)
    private static func moved<P>(from word: UnsafeMutableRawPointer, as type: P.Type) -> P {
        word.assumingMemoryBound(to: P.self).move()
    }
}
