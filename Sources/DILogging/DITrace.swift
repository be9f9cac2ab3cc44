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
    /// For a `Lazy`/`Provider` resolved later: the trace of the resolve that handed it out.
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
        if let linkedTraceID {
            lines[0] += " (delayed, from trace \(linkedTraceID))"
        }
        return lines.joined(separator: "\n")
    }
}
