#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if os(Linux)
import Dispatch
#endif

/// Runs main-actor user code — a `@MainActor` factory, injection or `postInit` — from the
/// resolver, which is nonisolated.
///
/// A synchronous resolve can run it only where it already is on the main actor (in place,
/// ``inPlace(carrying:_:)``): its caller is isolated to the main actor (the resolve's
/// `#isolation`), or it runs on the main thread. An async resolve hops there
/// (``hop(carrying:_:)``).
@usableFromInline
package enum MainActorCall {
    /// Whether the calling thread runs as the main actor: the main thread, where code no
    /// actor isolates runs as the main actor's; on Linux also a job of the main queue, which
    /// is where the main actor's jobs run (on another thread once the main thread has
    /// called `dispatchMain()`, as a test runner does).
    package static var isMainThread: Bool {
        #if canImport(Darwin)
        pthread_main_np() != 0
        #elseif os(Linux)
        DispatchQueue.getSpecific(key: mainQueueKey) != nil || isMainThreadOnLinux()
        #else
        false  // unknown platform: main-actor code runs only from async resolves
        #endif
    }

    #if os(Linux)
    /// Marks the main queue, so that its jobs can tell where they run.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether this thread's id is the process id — the Swift runtime's own main-thread
    /// test. Swift imports neither `gettid` nor the variadic `syscall`, so the id is read
    /// from `/proc/thread-self`, which names `<pid>/task/<tid>`.
    private static func isMainThreadOnLinux() -> Bool {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
        guard count > 0 else { return false }
        let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let thread = link.split(separator: "/").last.flatMap({ Int32($0) }) else { return false }
        return thread == getpid()
    }
    #endif

    /// Runs `body` on the main actor, here and now; `carried` is what `body` needs from the
    /// resolve (see ``Handoff``). The caller has checked that it is on the main actor;
    /// `MainActor.assumeIsolated` checks it again and traps if it does not hold.
    @inlinable @inline(__always)  // specialized where called: a generic call builds `Handoff`'s metadata every time
    package static func inPlace<Carried, Value, Failure: Error>(
        carrying carried: Carried,
        _ body: @MainActor (Carried) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let input = Handoff(carried)
        let outcome = MainActor.assumeIsolated { () -> Handoff<Result<Value, Failure>> in
            Handoff(Result { () throws(Failure) in try body(input.value) })
        }
        return try outcome.value.get()
    }

    /// Runs `body` on the main actor, hopping there and back; `carried` is what `body`
    /// needs from the resolve, handed over (see ``Handoff``).
    nonisolated(nonsending) package static func hop<Carried, Value, Failure: Error>(
        carrying carried: Carried,
        _ body: @escaping @MainActor @Sendable (Carried) throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let input = Handoff(carried)
        let outcome = await MainActor.run { () -> Handoff<Result<Value, Failure>> in
            Handoff(Result { () throws(Failure) in try body(input.value) })
        }
        return try outcome.value.get()
    }
}
