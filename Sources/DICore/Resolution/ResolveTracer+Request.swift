extension ResolveTracer {
    /// Opens the frame of a request and reports it.
    func beginRequest(_ requested: Any.Type, _ request: Request) {
        beginRequest(requested, request.qualifier, passing: request.arguments?.types)
    }
}
