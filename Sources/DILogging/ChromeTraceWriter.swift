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

    /// A trace's events in one lane: each request a begin and an end event that nest by
    /// time, as Perfetto draws them.
    ///
    /// A `cycle:` injection's requests (``DITraceNode/isDeferredInjection``) are children of
    /// the request that made its instance, but run after the whole resolve, when that
    /// request and the ones after it have ended: drawn where they ran, inside the top-level
    /// request (whose end waits for them), so that no slice ends after a later one began.
    private static func appendTrace(
        _ root: DITraceNode,
        tid: String,
        origin: ContinuousClock.Instant,
        to events: inout [String]
    ) {
        var deferred: [DITraceNode] = []
        events.append(begin(root, tid: tid, origin: origin))
        for child in root.children {
            append(child, tid: tid, origin: origin, to: &events, deferring: &deferred)
        }
        while let next = deferred.indices.min(by: { deferred[$0].start < deferred[$1].start }) {
            append(deferred.remove(at: next), tid: tid, origin: origin, to: &events, deferring: &deferred)
        }
        events.append(end(root, at: root.latestEnd, tid: tid, origin: origin))
    }

    /// A node's begin event, its children's events, then its end event; a deferred
    /// injection's requests below it go to `deferred`, for ``appendTrace(_:tid:origin:to:)``.
    private static func append(
        _ node: DITraceNode,
        tid: String,
        origin: ContinuousClock.Instant,
        to events: inout [String],
        deferring deferred: inout [DITraceNode]
    ) {
        events.append(begin(node, tid: tid, origin: origin))
        for child in node.children {
            if child.isDeferredInjection {
                deferred.append(child)
            } else {
                append(child, tid: tid, origin: origin, to: &events, deferring: &deferred)
            }
        }
        events.append(end(node, at: node.end, tid: tid, origin: origin))
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
