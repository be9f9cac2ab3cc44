import DICore
import DIRuntime

/// Records every resolve as a tree: who asked for what, who answered, made or reused, how long.
///
/// ```swift
/// let recorder = DITraceRecorder()
/// container.addObserver(recorder)
/// let app: AppRouter = container.resolve()
/// print(recorder.render())                 // indented text trees
/// try recorder.chromeTraceJSON().write(…)  // open in https://ui.perfetto.dev
/// ```
///
/// Thread-safe: resolves running at once on several threads give separate trees, one per
/// top-level resolve. A `Lazy`/`Provider` resolved later, or a resolve in a child task of an
/// async factory, gives a trace of its own whose ``DITrace/linkedTraceID`` names the resolve
/// whose object graph it works in.
public final class DITraceRecorder: DIObserver {
    private struct State {
        var assembler = TraceAssembler()
        var traces: [DITrace] = []
        var diagnostics: [DIDiagnostic] = []
    }

    private let state = Locked(State())

    /// Creates an empty recorder; attach it with `addObserver` or `addGlobalObserver`.
    public init() {}

    /// The finished top-level resolves, in the order they finished.
    public var traces: [DITrace] {
        // A copy of its own, made under the lock: recording appends in place, and copy-on-write
        // judges a buffer unique from a reference count ThreadSanitizer cannot see.
        state.withLock { $0.traces.map { $0 } }
    }

    /// Diagnostics reported outside any resolve (while registering or loading parts).
    public var diagnostics: [DIDiagnostic] {
        state.withLock { $0.diagnostics.map { $0 } }
    }

    /// Records an event (called by the container).
    public func receive(_ event: DIEvent) {
        state.withLock { state in
            if event.kind == .diagnostic, event.traceID == 0, let diagnostic = event.diagnostic {
                state.diagnostics.append(diagnostic)
            } else if let trace = state.assembler.feed(event) {
                state.traces.append(trace)
            }
        }
    }

    /// Forgets every recorded trace and diagnostic (resolves in progress stay recorded).
    public func reset() {
        state.withLock { state in
            state.traces.removeAll()
            state.diagnostics.removeAll()
        }
    }

    /// Every recorded trace as an indented text tree, separated by blank lines.
    ///
    /// - Parameter tab: What each nesting level is indented by.
    public func render(tab: String = "  ") -> String {
        traces.map { $0.render(tab: tab) }.joined(separator: "\n\n")
    }

    /// The recorded traces in Chrome's trace-event format, for Perfetto or `chrome://tracing`.
    ///
    /// Each request is a `"B"`/`"E"` pair (begin/end, timestamps in microseconds from the
    /// first recorded request); each trace gets a lane (`tid`) of its own, named after its
    /// top-level request.
    public func chromeTraceJSON() -> String {
        ChromeTraceWriter.json(for: traces)
    }
}
