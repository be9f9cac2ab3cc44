/// The size memory that different threads write is kept apart by: 128 bytes, a cache line
/// on Apple silicon and two of 64 bytes elsewhere (the hardware prefetcher there fetches
/// lines in pairs). Two words closer than that may share a line, and a thread writing one
/// slows down every thread using the other.
@usableFromInline
package enum CacheLine {
    /// The size, in bytes: a power of two.
    @inlinable
    package static var bytes: Int { 128 }
}
