import DICore

/// Builds ``DITrace`` trees from the event stream. Plain state: the owner locks it.
///
/// Every event of one trace comes from the thread running that resolve, in order, so a
/// stack of open requests per trace is enough; traces of other threads interleave freely.
///
/// The open traces are a list, searched from the newest: there are as many as resolves
/// running at once, and an event almost always belongs to the newest, which a hash of its
/// trace ID would cost more to find. They are changed where they are kept: a trace copied
/// out, changed and stored back would copy its stack, and every node on it, at each event.
struct TraceAssembler {
    private struct Open {
        let traceID: UInt64
        let linkedTraceID: UInt64?
        var stack: [DITraceNode]

        init(_ event: DIEvent) {
            traceID = event.traceID
            linkedTraceID = event.linkedTraceID
            stack = []
            // Room for a typical graph's depth at once.
            stack.reserveCapacity(8)
        }

        /// Changes the open node of `event`'s span (or the innermost open one, for events
        /// raised while choosing, which carry no span of their own).
        mutating func update(_ event: DIEvent, _ change: (inout DITraceNode) -> Void) {
            guard !stack.isEmpty else { return }
            let index = stack.lastIndex { $0.spanID == event.spanID } ?? stack.count - 1
            change(&stack[index])
        }

        /// Closes the node of `event`'s span; returns it when it was the last one open,
        /// the root of the finished trace.
        mutating func finish(_ event: DIEvent) -> DITraceNode? {
            guard let index = stack.lastIndex(where: { $0.spanID == event.spanID }) else { return nil }
            var node = stack.remove(at: index)
            node.apply(finished: event)
            guard let parent = stack.indices.last else { return node }
            // A `cycle:` injection runs after the request that made its instance finished
            // (only the top-level one stays open for it): its requests go under that request.
            if node.isDeferredInjection, let span = event.parentSpanID, span != stack[parent].spanID,
                stack[parent].adopt(node, under: span)
            {
                return nil
            }
            stack[parent].children.append(node)
            return nil
        }
    }

    private var open: [Open] = []

    /// Feeds one event; returns a trace when its top-level request finished.
    mutating func feed(_ event: DIEvent) -> DITrace? {
        guard event.traceID != 0 else { return nil }
        let index = open.lastIndex { $0.traceID == event.traceID }
        switch (event.kind, index) {
        case (.resolveStarted, let index?):
            open[index].stack.append(DITraceNode(started: event))
        case (.resolveStarted, nil):
            // A trace is assembled from its top-level request on: one first seen in its
            // middle (a logger whose level was raised while it ran) is not a whole trace.
            guard event.parentSpanID == nil else { return nil }
            open.append(Open(event))
            open[open.count - 1].stack.append(DITraceNode(started: event))
        case (.made, let index?), (.reused, let index?):
            open[index].update(event) { node in node.apply(answered: event) }
        case (.failed, let index?):
            open[index].update(event) { node in node.error = node.error ?? event.error }
        case (.diagnostic, let index?):
            open[index].update(event) { node in
                if let diagnostic = event.diagnostic { node.diagnostics.append(diagnostic) }
            }
        case (.resolveFinished, let index?):
            guard let root = open[index].finish(event) else { return nil }
            let linked = open.remove(at: index).linkedTraceID
            return DITrace(traceID: event.traceID, linkedTraceID: linked, root: root)
        case (.registered, _), (.cleaned, _), (_, nil):
            break
        }
        return nil
    }

    /// Whether the trace `traceID` is being assembled.
    func isAssembling(_ traceID: UInt64) -> Bool {
        open.contains { $0.traceID == traceID }
    }

    /// How many traces are being assembled.
    var openCount: Int { open.count }
}
