#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension ThreadID {
    /// Whether the calling thread is the process's main thread (the one the main actor
    /// runs on in an app).
    ///
    /// Darwin asks `pthread_main_np`. Linux has no such call in Swift's reach (`gettid` is
    /// not exported, `syscall` is variadic), so it reads which task `/proc/thread-self`
    /// names: the main thread's task ID is the process ID. That costs a system call, so it
    /// is asked only before a wait that could hang (see ``Gate/synchronousWaitMayHang``).
    package static var isMain: Bool {
        #if canImport(Darwin)
        return pthread_main_np() != 0
        #else
        // "<pid>/task/<tid>"
        var buffer = [CChar](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let start = buffer.baseAddress else { return -1 }
            return readlink("/proc/thread-self", start, buffer.count - 1)
        }
        guard count > 0 else { return false }
        let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let pid = getpid()
        return target == "\(pid)/task/\(pid)"
        #endif
    }
}
