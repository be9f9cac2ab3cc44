import DICore

/// The tree of one top-level resolve, as recorded by ``DITraceRecorder``.
///
/// ```swift
/// let feed: FeedScreen = container.resolve()
/// print(recorder.traces.last?.render() ?? "")
/// // resolve FeedScreen → made FeedScreen (prototype) 0.31 ms [App/Feed.swift:12]
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

    /// The indented text tree, one request per line, with durations and locations.
    ///
    /// - Parameter tab: What each nesting level is indented by.
    /// - Returns: Lines separated by `\n`, without a trailing newline.
    public func render(tab: String = "  ") -> String {
        var lines = root.lines(tab: tab, diagnostics: true)
        if let linkedTraceID { lines[0] += Self.linkNote(linkedTraceID) }
        return lines.joined(separator: "\n")
    }

    /// ` (in the graph of trace 9)`: what a linked trace's first line ends with, in every
    /// rendering (a tree, a log line, a Chrome trace lane).
    static func linkNote(_ linkedTraceID: UInt64) -> String {
        " (in the graph of trace \(linkedTraceID))"
    }
}
