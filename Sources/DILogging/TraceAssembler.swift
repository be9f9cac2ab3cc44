import DICore

/// Builds ``DITrace`` trees from the event stream. Plain state: the owner locks it.
///
/// Every event of one trace comes from the thread running that resolve, in order, so a
/// stack of open requests per trace is enough; traces of other threads interleave freely.
struct TraceAssembler {
    private struct Open {
        let linkedTraceID: UInt64?
        var stack: [DITraceNode] = []
    }

    private var open: [UInt64: Open] = [:]

    /// Feeds one event; returns a trace when its top-level request finished.
    mutating func feed(_ event: DIEvent) -> DITrace? {
        guard event.traceID != 0 else { return nil }
        switch event.kind {
        case .resolveStarted:
            let node = DITraceNode(started: event)
            open[event.traceID, default: Open(linkedTraceID: event.linkedTraceID)].stack.append(node)
        case .made, .reused:
            update(event) { node in
                node.component = event.component
                node.storage = event.storage
            }
        case .failed:
            update(event) { node in node.error = node.error ?? event.error }
        case .diagnostic:
            update(event) { node in
                if let diagnostic = event.diagnostic { node.diagnostics.append(diagnostic) }
            }
        case .resolveFinished:
            return finish(event)
        case .registered, .cleaned:
            break
        }
        return nil
    }

    /// Changes the open node of the event's span (or the innermost open one, for events
    /// raised while choosing, which carry no span of their own).
    private mutating func update(_ event: DIEvent, _ change: (inout DITraceNode) -> Void) {
        guard var trace = open[event.traceID], !trace.stack.isEmpty else { return }
        let index = trace.stack.lastIndex { $0.spanID == event.spanID } ?? trace.stack.count - 1
        change(&trace.stack[index])
        open[event.traceID] = trace
    }

    private mutating func finish(_ event: DIEvent) -> DITrace? {
        guard var trace = open[event.traceID],
            let index = trace.stack.lastIndex(where: { $0.spanID == event.spanID })
        else { return nil }
        var node = trace.stack.remove(at: index)
        node.apply(finished: event)
        if let parent = trace.stack.indices.last {
            // A `cycle:` injection runs after the request that made its instance finished
            // (only the top-level one stays open for it): its requests go under that request.
            if node.isDeferredInjection, let span = event.parentSpanID, span != trace.stack[parent].spanID,
                trace.stack[parent].adopt(node, under: span)
            {
                open[event.traceID] = trace
                return nil
            }
            trace.stack[parent].children.append(node)
            open[event.traceID] = trace
            return nil
        }
        open[event.traceID] = nil
        return DITrace(traceID: event.traceID, linkedTraceID: trace.linkedTraceID, root: node)
    }
}
