#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One object per OS thread, kept in a `pthread` key: how a resolve made from inside a
/// factory (through a captured or injected container, where nothing can be passed along)
/// finds the synchronous resolve in progress on its thread.
///
/// Invariants: the slot holds an *unretained* reference, set only by ``bind(_:_:)`` for the
/// duration of its `body` (the caller keeps the object alive across that call) and restored
/// when `body` returns or throws, so a reference read from the slot always points to a live
/// object of the thread's own making. A synchronous `body` cannot suspend, so it never
/// moves to another thread while bound: the slot is exact.
package enum ThreadSlot {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// The object bound on the calling thread, if any.
    @inline(__always)
    package static var current: AnyObject? {
        guard let raw = pthread_getspecific(key) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Runs `body` with `object` bound on the calling thread, then restores what was bound.
    @inline(__always)
    package static func bind<Result, Failure: Error>(
        _ object: AnyObject,
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(object).toOpaque())
        defer {
            pthread_setspecific(key, previous)
            // Alive until it is unbound (see the invariants).
            withExtendedLifetime(object) {}
        }
        return try body()
    }
}
