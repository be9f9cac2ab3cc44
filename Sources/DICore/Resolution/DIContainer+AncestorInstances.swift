import DIRuntime

// A cached instance an ancestor keeps is the ancestor's, whichever container asks for it
// first (`DIContainer.ancestorMaking`): a resolve from a descendant has the ancestor make
// it, with the ancestor's registrations, as a part of itself.
extension DIContainer {
    /// Makes `component`'s instance, which this container keeps, for `outer`, a resolve
    /// from a descendant that needs it: with this container's registrations, in a graph of
    /// its own (as when this container resolves it), as the same party as `outer` (so that
    /// a loop back to the instance `outer` waits for is re-entry), and reported through
    /// `outer`'s events, inside its request for the instance. Errors unwind into that
    /// request, which names the chain.
    func makeOwned(_ component: Component, _ request: Request, for outer: ResolveContext) throws(DIError) -> Any {
        try contextPool.withContext(for: self) { context throws(DIError) in
            context.continues(outer)
            let lent = context.reportsThrough(outer)
            defer { context.endsReportingThrough(lent) }
            return try run(context, locating: false) { context throws(DIError) in
                try context.instance(of: component, Self.ownedRequest(request))
            }
        }
    }

    /// The async ``makeOwned(_:_:for:)``.
    nonisolated(nonsending) func makeOwnedAsync(
        _ component: Component,
        _ request: Request,
        for outer: ResolveContext
    ) async throws(DIError) -> Any {
        try await contextPool.withContextAsync(for: self) { context throws(DIError) in
            context.continues(outer)
            let lent = context.reportsThrough(outer)
            defer { context.endsReportingThrough(lent) }
            return try await runAsync(context, locating: false) { context throws(DIError) in
                try await context.instanceAsync(of: component, Self.ownedRequest(request))
            }
        }
    }

    /// What an ancestor's making of `request`'s component is asked: its runtime arguments,
    /// which the first making of a kept instance is made with (the rest of the request —
    /// its name, its framework — chose the component already).
    private static func ownedRequest(_ request: Request) -> Request {
        Request(arguments: request.arguments)
    }
}

extension ResolveContext {
    /// Starts this resolve as a part of `outer`: making instances as the same party, on
    /// behalf of the same caller (on the main actor or not, awaiting or not), with the
    /// same runtime arguments by type; `outer` goes on with what it returns, so an instance
    /// a clean cut loose here cuts loose what `outer` makes with it (``cutLooseFromNowOn()``).
    func continues(_ outer: ResolveContext) {
        makes(as: outer.maker)
        state.value.usedGeneralWay = true
        state.value.nestedIn = outer
        // `outer` awaits this resolve: what it holds, and what the resolves awaiting it
        // hold, a task this one's factories start may not wait for.
        state.value.awaitingResolves = outer.awaitingResolves + [outer.holder]
        state.value.madeFor = outer.state.value.madeFor ?? outer.container
        callerOnMainActor = outer.callerOnMainActor
        if outer.call != .synchronous { call = outer.call }
        if let arguments = outer.argumentsByType { argumentsByType = arguments }
    }
}
