import DIRuntime

// What a synchronous resolve may run: nothing `async`, and main-actor code only on the
// main thread; anything else is `.requiresAsync`, for an awaited resolve to make.
extension ResolveContext {
    /// Throws ``DIError/Kind/requiresAsync`` unless a synchronous resolve, here, can run
    /// the component's code: nothing `async`, and main-actor code only on the main thread.
    package func checkRunsSynchronously(_ component: Component) throws(DIError) {
        if !component.makesSynchronously {
            throw error(
                .requiresAsync,
                "\(typeName(component.config.type)) \(component.config.needsAwait); resolve it with await"
                    + synchronousHint,
                candidates: [component.info]
            )
        }
        if component.needsMainActor, !isOnMainActor {
            throw mainActorError(component)
        }
    }

    /// Runs an injection or `postInit` of `component` in a synchronous resolve.
    func run(_ box: InjectionBox, on instance: Any, of component: Component) throws(DIError) {
        guard let apply = box.apply else {
            throw error(
                .requiresAsync,
                "\(typeName(component.config.type)) has an async injection or postInit; resolve it with await",
                candidates: [component.info]
            )
        }
        if box.runsOnMainActor, !isOnMainActor { throw mainActorError(component) }
        try apply(instance, self)
    }

    /// What to add when a synchronous resolve meets code that needs `await`: for a `Lazy`'s
    /// or `Provider`'s value, what to hold instead; for a resolve the caller started inside a
    /// task, that the caller may have written `await`, most likely in top-level code, where
    /// Swift 6.3 still picks the synchronous overload. Not for a resolve nested in another
    /// one (its call is a factory's code) nor for one the caller chose synchronous
    /// (``ResolveCall/chosenSynchronous``): its error, events and warnings alike.
    private var synchronousHint: String {
        if state.value.makesDelayedValue {
            return " (a Lazy's or Provider's value is made synchronously: hold an AsyncLazy or AsyncProvider for it)"
        }
        guard state.value.call == .synchronous, outerChain.isEmpty, withUnsafeCurrentTask(body: { $0 != nil })
        else { return "" }
        return Self.awaitHint
    }

    /// The hint for a synchronous resolve inside a task whose call may have had `await`.
    private static let awaitHint =
        " (this synchronous resolve runs inside a task: if its call has `await`, Swift picked the"
        + " synchronous overload, as top-level code does; resolve from an async function, where"
        + " `await container.resolve()` is the async one)"

    private func mainActorError(_ component: Component) -> DIError {
        error(
            .requiresAsync,
            "\(typeName(component.config.type)) runs on the main actor; resolve it there, or with await",
            candidates: [component.info]
        )
    }
}
