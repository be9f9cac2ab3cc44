import CDIRuntime

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How much of the calling thread's stack is left: what lets a very deep resolve fail with
/// an error naming its depth, instead of overflowing the stack with no message.
///
/// Invariants: the low end of a thread's stack is asked of the platform once per thread
/// and kept in a `pthread` key as a plain integer (never dereferenced); the position is the
/// address of a local of the calling function, so it is on the calling thread's stack.
/// Stacks grow down on every platform Tranquil supports (x86_64, arm64).
@usableFromInline
package enum StackBounds {
    /// The stack a resolve keeps in reserve: it stops nesting when less is left. Enough for
    /// one more level and the user code it runs, also under ThreadSanitizer and
    /// AddressSanitizer, whose frames are several times larger (96 KiB checked every eighth
    /// level overflowed there).
    package static let reserve = 128 * 1024

    /// The nesting level from which a resolve looks at the stack left, where a level is a
    /// build of the general way (a nested resolve, with its dozen frames): shallower
    /// resolves never pay for the look. Such a level takes some 16 KiB in a debug build
    /// under AddressSanitizer, where sixteen unchecked levels overflowed a 256 KiB thread
    /// before the first look.
    @inlinable package static var firstCheckedLevel: Int { 8 }

    /// The same for a compiled step, whose level is a few frames: a layered graph ten deep
    /// does not look at all (looking from the eighth step cost it 8% more instructions).
    @inlinable package static var firstCheckedStep: Int { 16 }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// Bytes of stack left below the caller's frame on this thread; `nil` when the platform
    /// does not say where the stack ends.
    ///
    /// Where the stack is now is the frame address of a C function called from here, not
    /// the address of a local: under AddressSanitizer a local whose address is taken may
    /// be put on its fake stack, on the heap, and the stack left was misread (a
    /// thousand-deep resolve overflowed a 256 KiB thread there).
    package static func remaining() -> Int? {
        guard let low = lowEnd() else { return nil }
        let here = UInt(tranquil_stack_position())
        return here > low ? Int(here - low) : 0
    }

    /// The lowest address of the calling thread's stack, asked of the platform once.
    private static func lowEnd() -> UInt? {
        if let cached = pthread_getspecific(key) { return UInt(bitPattern: cached) }
        guard let low = platformLowEnd(), low != 0 else { return nil }
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: low))
        return low
    }

    private static func platformLowEnd() -> UInt? {
        #if canImport(Darwin)
        let thread = pthread_self()
        let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        let size = UInt(pthread_get_stacksize_np(thread))
        return top > size ? top - size : nil
        #else
        return UInt(tranquil_stack_low_end())
        #endif
    }
}
