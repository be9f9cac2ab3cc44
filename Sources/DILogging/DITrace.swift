import DICore

/// The tree of one top-level resolve, as recorded by ``DITraceRecorder``.
///
/// ```swift
/// let feed: FeedScreen = container.resolve()
/// print(recorder.traces.last?.render() ?? "")
/// // trace 4: resolve FeedScreen → made FeedScreen (prototype) 0.31 ms [App/Feed.swift:12]
/// //   resolve FeedService → reused FeedService (perContainer) 0.01 ms [App/Feed.swift:9]
/// ```
public struct DITrace: Sendable {
    /// The top-level resolve this tree records (shared by every event of it).
    public let traceID: UInt64
    /// For a resolve made in the object graph of another one — a `Lazy`/`Provider` resolved
    /// later, or a resolve in a child task of an async factory — that resolve's trace.
    public let linkedTraceID: UInt64?
    /// The top-level request; its ``DITraceNode/children`` are the requests made for it.
    public let root: DITraceNode

    /// Every request of the trace, the root first (depth-first, in order).
    public var allNodes: [DITraceNode] { root.allNodes }

    /// The indented text tree, one request per line, with durations and locations; the
    /// first line names the trace (`trace 4: resolve FeedScreen → …`).
    ///
    /// - Parameter tab: What each nesting level is indented by.
    /// - Returns: Lines separated by `\n`, without a trailing newline.
    public func render(tab: String = "  ") -> String {
        lines(tab: tab, diagnostics: true).joined(separator: "\n")
    }

    /// The tree's lines, the first one named by ``headline(_:traceID:linkedTraceID:)``.
    func lines(tab: String, diagnostics: Bool) -> [String] {
        var lines = root.lines(tab: tab, diagnostics: diagnostics)
        lines[0] = Self.headline(lines[0], traceID: traceID, linkedTraceID: linkedTraceID)
        return lines
    }

    /// `trace 12: resolve Database → reused … (in the graph of trace 9)`: a trace's first
    /// line in every rendering (a tree, a log line, a Chrome trace lane), so that a trace
    /// that names the one whose graph it works in can be matched with it.
    static func headline(_ summary: String, traceID: UInt64, linkedTraceID: UInt64?) -> String {
        let link = linkedTraceID.map { " (in the graph of trace \($0))" } ?? ""
        return "trace \(traceID): \(summary)\(link)"
    }
}
