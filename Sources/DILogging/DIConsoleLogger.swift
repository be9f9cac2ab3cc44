import DICore
import DIRuntime

/// Writes the container's events as readable lines: failures, warnings, one line per
/// top-level resolve at `.info`, and at `.verbose` every resolve as an indented tree.
///
/// ```swift
/// container.addObserver(DIConsoleLogger(level: .verbose))
/// // trace 4: resolve FeedScreen → made FeedScreen (prototype) 0.12 ms [App/Feed.swift:12]
/// //   resolve FeedService → reused FeedService (perContainer) 0.01 ms [App/Feed.swift:9]
/// ```
///
/// Messages go to the sink outside any lock. At `.verbose` a tree is written when its
/// top-level request finishes, as one message of its lines joined by newlines, so trees of
/// concurrent resolves never interleave (whatever the sink does with them).
///
/// The sink may resolve from the container (a destination registered there, say): what it
/// resolves, and what a task it starts resolves, is not written, since writing it would
/// call the sink again, without end. Other loggers write it.
public final class DIConsoleLogger: DIObserver {
    /// What the logger writes, read for every event (the global logger follows `DISetting`).
    struct Settings {
        var level: DILogLevel
        var tab: String
        var write: @Sendable (DILogLevel, String) -> Void
    }

    private let settings: @Sendable () -> Settings
    private let assembler = Locked(TraceAssembler())
    /// How many trees ``assembler`` is assembling: read without its lock by every event
    /// below `.verbose`, which has nothing to feed while it is zero.
    private let assembling = AtomicCount()

    /// The loggers whose sink is running in this task (or on this thread): the events of a
    /// resolve a sink makes are not theirs to write. A task-local, so it ends with the sink
    /// call and other threads' events are written meanwhile.
    @TaskLocal private static var writing: Set<ObjectIdentifier> = []

    /// Creates a logger.
    ///
    /// - Parameters:
    ///   - level: The most detailed messages written (default `.info`).
    ///   - tab: What each nesting level of a tree is indented by.
    ///   - sink: Receives each message: a line, or at `.verbose` a whole tree; `nil` writes
    ///     to standard error.
    public convenience init(
        level: DILogLevel = .info,
        tab: String = "  ",
        sink: (@Sendable (String) -> Void)? = nil
    ) {
        let sink = sink ?? { StandardError.write($0) }
        let settings = Settings(level: level, tab: tab) { _, line in sink(line) }
        self.init { settings }
    }

    init(settings: @escaping @Sendable () -> Settings) {
        self.settings = settings
    }

    /// Writes what the event says, if its level passes (called by the container).
    public func receive(_ event: DIEvent) {
        let settings = settings()
        // Off, it still follows the trees it started to their ends (see `lines(for:_:)`).
        guard settings.level != .none || assembling.value > 0 else { return }
        let writing = Self.writing
        let me = ObjectIdentifier(self)
        guard !writing.contains(me) else { return }
        let lines = lines(for: event, settings).filter { settings.level.admits($0.0) }
        guard !lines.isEmpty else { return }
        Self.$writing.withValue(writing.union([me])) {
            for (level, line) in lines { settings.write(level, line) }
        }
    }

    /// Feeds `event` to the trees being assembled (starting one only when `opening`);
    /// returns a tree when its top-level request finished.
    private func assembled(_ event: DIEvent, opening: Bool) -> DITrace? {
        assembler.withLock { assembler in
            guard opening || assembler.isAssembling(event.traceID) else { return nil }
            let before = assembler.openCount
            let trace = assembler.feed(event)
            _ = assembling.add(assembler.openCount - before)
            return trace
        }
    }

    /// A failed resolve's line: marked as an error, as validation's errors are (a
    /// ``DIDiagnostic``'s line starts with its severity), so one search finds both.
    private static func failureLine(_ text: String) -> String {
        "error: " + text
    }

    /// The lines an event produces at the logger's level; only formats what will be written.
    private func lines(for event: DIEvent, _ settings: Settings) -> [(DILogLevel, String)] {
        let level = settings.level
        switch event.kind {
        case .diagnostic:
            guard let diagnostic = event.diagnostic else { return [] }
            let severity = DILogLevel(diagnostic.severity)
            return level.admits(severity) ? [(severity, diagnostic.description)] : []
        case .registered:
            guard level.admits(.verbose), let component = event.component else { return [] }
            return [(.verbose, "registered \(component)")]
        case .cleaned:
            guard level.admits(.info) else { return [] }
            return [(.info, "cleaned \(event.scope ?? "?"): \(event.count) instance\(event.count == 1 ? "" : "s")")]
        case .resolveStarted, .made, .reused, .failed, .resolveFinished:
            // A tree is assembled from a top-level request that starts at `.verbose` to its
            // end, whatever the level meanwhile; the level at its end decides whether the
            // tree is written, or the one line below. A resolve that started below
            // `.verbose` has no tree.
            if level.admits(.verbose) || assembling.value > 0,
                let trace = assembled(event, opening: level.admits(.verbose)), level.admits(.verbose)
            {
                // One message: a sink called once per line would mix concurrent trees.
                let tree = [
                    (DILogLevel.verbose, trace.lines(tab: settings.tab, diagnostics: false).joined(separator: "\n"))
                ]
                // A failure is an error at every level: a sink that routes errors gets it.
                guard trace.root.outcome == .failed, let error = trace.root.error else { return tree }
                return tree + [(.error, Self.failureLine(error.description))]
            }
            // Below verbose only top-level requests are written: a failure once, not per level.
            guard event.kind == .resolveFinished, event.parentSpanID == nil else { return [] }
            if event.outcome == .failed {
                let text = event.error.map(\.description) ?? "resolve \(event.request ?? "?") failed"
                return [(.error, Self.failureLine(text))]
            }
            guard level.admits(.info) else { return [] }
            let summary = DITraceNode(finished: event).summary
            return [(.info, DITrace.headline(summary, traceID: event.traceID, linkedTraceID: event.linkedTraceID))]
        }
    }
}
