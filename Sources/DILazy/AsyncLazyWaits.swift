import DIRuntime

/// A making of an ``AsyncLazy`` value that reads may await: the task running its closure,
/// and the type it makes, for the message of a loop.
protocol AwaitedMaking: AnyObject, Sendable {
    /// The task running the closure (``ResolveTask/currentTaskKey``); `nil` before it starts
    /// and after it ends.
    var makingTask: Int? { get }
    /// `AsyncLazy<Value>`, as a loop's message names it.
    var label: String { get }
}

/// Which task awaits which ``AsyncLazy`` making: the edges of a wait-for graph between the
/// tasks that make values, so that a read closing a loop of awaits is found before it waits.
///
/// A making's closure that reads another value awaits that value's making; when that
/// making's closure reads the first (or a value whose making reads it, and so on), every
/// making of the loop awaits the next and none ends. Of the reads that form the loop, the
/// last one to start sees it: the tasks it leads through are all waiting already, and each
/// making records its task before its closure runs.
final class AsyncLazyWaits: Sendable {
    static let shared = AsyncLazyWaits()

    private let awaiting = Locked<[Int: any AwaitedMaking]>([:])

    /// Records that the task `reader` awaits `making`, unless that closes a loop: then the
    /// makings of the loop, `making`'s first (one: the closure of `making` reads its own value).
    ///
    /// Lock order: this graph's lock, then a making's.
    func startAwaiting(_ making: any AwaitedMaking, by reader: Int) -> [any AwaitedMaking]? {
        awaiting.withLock { awaiting in
            var loop = [making]
            while let task = loop[loop.count - 1].makingTask {
                if task == reader { return loop }
                guard loop.count <= awaiting.count, let next = awaiting[task] else { break }
                loop.append(next)
            }
            awaiting[reader] = making
            return nil
        }
    }

    /// Forgets the await of `reader`, which has ended.
    func stopAwaiting(by reader: Int) {
        // Released outside the lock: the making may be the last holder of a value, whose
        // deinit is user code.
        let making = awaiting.withLock { $0.removeValue(forKey: reader) }
        withExtendedLifetime(making) {}
    }
}
