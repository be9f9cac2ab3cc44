import DICore

/// Writes traces as Chrome trace-event JSON (the "JSON Object Format" with `traceEvents`).
enum ChromeTraceWriter {
    static func json(for traces: [DITrace]) -> String {
        let origin = traces.map(\.root.start).min()
        var events: [String] = []
        for trace in traces {
            let tid = String(trace.traceID)
            let name = DITrace.headline(trace.root.request, traceID: trace.traceID, linkedTraceID: trace.linkedTraceID)
            events.append(#"{"name":"thread_name","ph":"M","pid":1,"tid":\#(tid),"args":{"name":\#(quoted(name))}}"#)
            if let origin { appendTrace(trace.root, tid: tid, origin: origin, to: &events) }
        }
        return "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n" + events.joined(separator: ",\n") + "\n]}\n"
    }

    /// A trace's events in one lane: each request a begin and an end event, in the order of
    /// their times, as Perfetto nests them.
    ///
    /// A lane is one call stack, so requests nest by time. A `cycle:` injection's requests
    /// (``DITraceNode/isDeferredInjection``) are children of the request that made its
    /// instance in the tree, but run later, at the end of the resolve that deferred them
    /// (the top-level one, or a resolve a factory made): sorted by time, they sit where
    /// they ran. Equal times keep the tree's order (a parent's begin before its child's, a
    /// child's end before its parent's and before its next sibling's begin).
    private static func appendTrace(
        _ root: DITraceNode,
        tid: String,
        origin: ContinuousClock.Instant,
        to events: inout [String]
    ) {
        var lane: [(time: ContinuousClock.Instant, event: String)] = []
        func walk(_ node: DITraceNode, isRoot: Bool) {
            lane.append((node.start, begin(node, tid: tid, origin: origin)))
            for child in node.children { walk(child, isRoot: false) }
            // The top-level request's end waits for its deferred work.
            let end = isRoot ? node.latestEnd : node.end
            lane.append((end, self.end(node, at: end, tid: tid, origin: origin)))
        }
        walk(root, isRoot: true)
        let ordered = lane.indices.sorted { (lane[$0].time, $0) < (lane[$1].time, $1) }
        events += ordered.map { lane[$0].event }
    }

    private static func begin(_ node: DITraceNode, tid: String, origin: ContinuousClock.Instant) -> String {
        let name = quoted(node.request)
        var args: [(String, String)] = [("outcome", outcomeName(node.outcome))]
        if let component = node.component {
            args.append(("component", component.typeName))
            args.append(("location", component.location))
        }
        if let storage = node.storage { args.append(("storage", storage)) }
        if !node.argumentTypes.isEmpty { args.append(("arguments", node.argumentTypes.joined(separator: ", "))) }
        if node.isDeferredInjection { args.append(("deferred", "cycle: injection, after the resolve")) }
        if let error = node.error { args.append(("error", error.description)) }
        for (index, diagnostic) in node.diagnostics.enumerated() {
            args.append(("diagnostic\(index + 1)", diagnostic.description))
        }
        let argsJSON = args.map { "\(quoted($0.0)):\(quoted($0.1))" }.joined(separator: ",")
        return
            #"{"name":\#(name),"cat":"resolve","ph":"B","pid":1,"tid":\#(tid),"ts":\#(microseconds(node.start - origin)),"args":{\#(argsJSON)}}"#
    }

    private static func end(
        _ node: DITraceNode,
        at end: ContinuousClock.Instant,
        tid: String,
        origin: ContinuousClock.Instant
    ) -> String {
        #"{"name":\#(quoted(node.request)),"cat":"resolve","ph":"E","pid":1,"tid":\#(tid),"ts":\#(microseconds(end - origin))}"#
    }

    private static func outcomeName(_ outcome: DIEvent.Outcome?) -> String {
        switch outcome {
        case .made: "made"
        case .reused: "reused"
        case .failed: "failed"
        case .skipped: "skipped"
        case nil: "unfinished"
        }
    }

    /// Microseconds with three decimals (nanosecond precision), as a JSON number.
    static func microseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        let sign = nanoseconds < 0 ? "-" : ""
        let magnitude = nanoseconds.magnitude
        let fraction = String(magnitude % 1000)
        return "\(sign)\(magnitude / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
