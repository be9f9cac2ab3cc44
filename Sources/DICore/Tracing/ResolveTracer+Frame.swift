extension ResolveTracer {
    /// One open request.
    struct Frame {
        let requested: Any.Type
        /// The request's name or tags, if any, boxed for its events.
        var details: DIEvent.Details?
        var component: Component?
        /// 0 for a bookkeeping frame (`inject(into:)`, a deferred injection, a `Lazy`'s choice).
        let spanID: UInt64
        /// ``spanID``, or for a frame without one the nearest enclosing frame's span: the
        /// parent span of a request opened inside this frame, kept here so that no event
        /// searches the frames for it.
        let nearestSpan: UInt64?
        /// When the request started (see ``EventClock``); `nil` for a bookkeeping frame.
        let started: EventClock.Time?
        /// For a frame reopened for a deferred `cycle:` injection (whose requests are
        /// deferred): the depth added to the requests' before it opened; `nil` otherwise.
        var depthBeforeReopening: Int?
        var reopened: Bool { depthBeforeReopening != nil }
        /// Whether a `cycle:` injection made the request (its parent frame is reopened):
        /// every event about it says so.
        var isDeferred = false

        /// The request as written (`Animal (name: "tom")`), whatever answers it.
        var asked: String { requestLabel(requested, details.qualifier) }

        /// The request as a path of requests shows it (see ``DIError/within(_:answeredBy:)``).
        var label: String {
            aliasingName(of: component, answering: requested).map { "\($0) as \(asked)" } ?? asked
        }
    }
}
