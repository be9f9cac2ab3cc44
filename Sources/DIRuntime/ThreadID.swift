#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The identity of an OS thread, comparable and hashable.
@usableFromInline
package struct ThreadID: Hashable, Sendable {
    @usableFromInline let raw: UInt

    /// The calling thread.
    @inlinable
    package static var current: ThreadID {
        #if canImport(Darwin)
        ThreadID(raw: UInt(bitPattern: pthread_self()))
        #else
        ThreadID(raw: UInt(pthread_self()))
        #endif
    }

    @usableFromInline
    init(raw: UInt) {
        self.raw = raw
    }

    /// The identity as a word (never 0 for a running thread).
    @inlinable
    package var bits: UInt { raw }
}
