import DIRuntime

/// Runs a property or method injection, or a `postInit`, on an instance.
package struct InjectionBox: Sendable {
    /// The injection in a synchronous resolve; `nil` for an `async` one.
    let apply: (@Sendable (Any, any DependencySource) throws(DIError) -> Void)?
    /// The same injection in an async resolve, where its dependencies may be async.
    let applyAsync: @Sendable (Any, any DependencySource) async throws(DIError) -> Void
    /// Whether ``apply`` runs the user's code on the main actor (in place), so that a
    /// synchronous resolve can run it only on the main thread.
    let runsOnMainActor: Bool
    /// Whether only an async resolve can run it (``apply`` is `nil`).
    let isAsync: Bool

    init(
        onMainActor: Bool = false,
        apply: (@Sendable (Any, any DependencySource) throws(DIError) -> Void)?,
        applyAsync: @escaping @Sendable (Any, any DependencySource) async throws(DIError) -> Void
    ) {
        // `if let`, not `apply == nil`: comparing a typed-throws function value with `nil`
        // goes through a generic `==`, which needs the Swift 6 runtime (iOS 18, macOS 15).
        if let apply {
            self.apply = apply
            isAsync = false
        } else {
            self.apply = nil
            isAsync = true
        }
        self.applyAsync = applyAsync
        runsOnMainActor = onMainActor
    }

    /// This box, then `next`: what a second `postInit` on one registration makes of the
    /// first. Synchronous when both are; on the main actor when either is.
    func followed(by next: InjectionBox) -> InjectionBox {
        let first = self
        var apply: (@Sendable (Any, any DependencySource) throws(DIError) -> Void)?
        if let applyFirst = first.apply, let applyNext = next.apply {
            apply = { instance, source throws(DIError) in
                try applyFirst(instance, source)
                try applyNext(instance, source)
            }
        }
        return InjectionBox(
            onMainActor: first.runsOnMainActor || next.runsOnMainActor,
            apply: apply,
            applyAsync: { instance, source throws(DIError) in
                try await first.applyAsync(instance, source)
                try await next.applyAsync(instance, source)
            }
        )
    }
}

extension Component.Config {
    /// Adds a `postInit`: it runs after the ones added before it.
    mutating func addPostInit(_ box: InjectionBox) {
        postInit = postInit.map { $0.followed(by: box) } ?? box
    }
}
