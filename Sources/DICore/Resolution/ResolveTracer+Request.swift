extension ResolveTracer {
    /// Opens the frame of a request and reports it, with the component `chosen` to answer
    /// it when it is known already.
    func beginRequest(_ requested: Any.Type, _ request: Request, chosen: Component? = nil) {
        beginRequest(requested, request.qualifier, passing: request.arguments?.types, chosen: chosen)
    }
}
