/// How the caller of a top-level resolve called it: what the resolve may do for it, and what
/// its errors may say about the call.
enum ResolveCall: Sendable, Equatable {
    /// A synchronous call (`resolve()`). Inside a task, its caller may have written `await`
    /// and got the synchronous overload (top-level code does): an error that needs `await`
    /// says so.
    case synchronous
    /// A synchronous call the caller chose (`resolve(sync: ())`,
    /// `initializeSingletonObjects()`): its errors say nothing of an overload it did not mean.
    case chosenSynchronous
    /// A call the caller awaits, run synchronously where nothing can wait (see
    /// `DIContainer.resolveSynchronously`): it must not block for an instance another resolve
    /// is making, and gives up instead (`requiresAsync`), so that the caller resolves the
    /// async way, which suspends for it.
    case awaited
}
