import DICore

/// One request of a recorded resolve: what was asked, who answered, how, and how long it took.
///
/// ```swift
/// let root = recorder.traces.last?.root
/// root?.component?.location     // "App/Setup.swift:12"
/// root?.children.map(\.request) // ["Database", "Cache"]
/// ```
public struct DITraceNode: Sendable {
    /// The request as written: `Animal (name: "tom")`.
    public var request: String { record.opening.request ?? "?" }
    /// The types of the request's runtime arguments, if any.
    public var argumentTypes: [String] { record.opening.argumentTypes }
    /// The span of this request (unique in the process).
    public var spanID: UInt64 { record.opening.spanID }
    /// The component that answered, if one did.
    public internal(set) var component: DIComponentInfo? {
        get { record.component }
        set { edited.component = newValue }
    }
    /// How the request was answered; `nil` while it has not finished.
    public internal(set) var outcome: DIEvent.Outcome? {
        get { record.outcome }
        set { edited.outcome = newValue }
    }
    /// The storage the instance was made in or reused from (`perContainer`, `objectGraph`, …).
    public internal(set) var storage: String? {
        get { record.storage }
        set { edited.storage = newValue }
    }
    /// How long the request took, its children included.
    public internal(set) var duration: Duration {
        get { record.duration }
        set { edited.duration = newValue }
    }
    /// Why the request failed, on a failed request.
    public internal(set) var error: DIError? {
        get { record.error }
        set { edited.error = newValue }
    }
    /// Diagnostics noticed while answering the request (e.g. the informational note of a
    /// choice made by `.default()`).
    public internal(set) var diagnostics: [DIDiagnostic] {
        get { record.diagnostics }
        _modify { yield &edited.diagnostics }
    }
    /// The requests made to answer this one, in order.
    ///
    /// They include, after the others, the requests of a `cycle:` injection into this
    /// request's instance, which run once the rest of the top-level resolve has finished
    /// (``isDeferredInjection``).
    public internal(set) var children: [DITraceNode] {
        get { record.children }
        _modify { yield &edited.children }
    }
    /// Whether this request was made by a `cycle:` injection, which runs after the rest of
    /// the top-level resolve; its parent is the request that made the injected instance.
    public var isDeferredInjection: Bool { record.opening.isDeferredInjection }
    /// When the request started.
    public var start: ContinuousClock.Instant { record.opening.time }
    /// When the request finished (`start` while it has not).
    public var end: ContinuousClock.Instant { start.advanced(by: record.untilEnd) }

    /// The lifetime of the answering component.
    public var lifetime: DILifeTime? { component?.lifetime }

    /// What the node says, in one object: a trace is assembled by moving nodes from the
    /// stack of open requests into their parents' children, one reference each rather than
    /// every field. Changed only while the recorder assembles the trace, under its lock,
    /// through ``edited`` (copied first if shared); a node handed out is never changed.
    private final class Record: @unchecked Sendable {
        /// The event that opened the request: it names the request, spelled only when read
        /// (a recorder that nobody reads spells nothing). A `resolveStarted` event holds no
        /// component, so a kept node keeps no registration alive.
        let opening: DIEvent
        var component: DIComponentInfo?
        var outcome: DIEvent.Outcome?
        var storage: String?
        var duration: Duration = .zero
        var error: DIError?
        var diagnostics: [DIDiagnostic] = []
        var children: [DITraceNode] = []
        /// The component ``component`` and ``storage`` describe, for a finished event that
        /// names the same one: they are spelled once per request, not twice.
        var answering: ObjectIdentifier?
        /// The time from the start to the end, kept as the events do, in words (an instant
        /// has no size known at compile time).
        var untilEnd: Duration = .zero

        init(opening: DIEvent) {
            self.opening = opening
        }

        func copy() -> Record {
            let copy = Record(opening: opening)
            copy.component = component
            copy.outcome = outcome
            copy.storage = storage
            copy.duration = duration
            copy.error = error
            copy.diagnostics = diagnostics
            copy.children = children
            copy.answering = answering
            copy.untilEnd = untilEnd
            return copy
        }
    }

    private var record: Record

    /// The record, to change: this node's own.
    private var edited: Record {
        mutating get {
            if !isKnownUniquelyReferenced(&record) { record = record.copy() }
            return record
        }
    }

    init(started event: DIEvent) {
        record = Record(opening: event)
    }

    /// A childless node from a finished event alone, for one-line logging.
    init(finished event: DIEvent) {
        self.init(started: event)
        apply(finished: event)
    }

    /// Records the component that made or reused the request's instance.
    mutating func apply(answered event: DIEvent) {
        let record = edited
        record.component = event.component
        record.storage = event.storage
        record.answering = event.componentIdentity
    }

    /// Records how the request ended.
    mutating func apply(finished event: DIEvent) {
        let record = edited
        record.outcome = event.outcome
        if record.answering == nil || event.componentIdentity != record.answering {
            record.component = event.component ?? record.component
            record.storage = event.storage ?? record.storage
        }
        record.untilEnd = event.elapsed(since: record.opening)
        record.duration = event.duration ?? record.untilEnd
        record.error = event.error ?? record.error
    }

    /// Appends `node` to the children of the request with span `span` in this subtree;
    /// `false` if there is none.
    mutating func adopt(_ node: DITraceNode, under span: UInt64) -> Bool {
        if spanID == span {
            children.append(node)
            return true
        }
        for index in children.indices.reversed() where children[index].adopt(node, under: span) {
            return true
        }
        return false
    }

    /// When this request or the last of its deferred children ended.
    var latestEnd: ContinuousClock.Instant {
        children.reduce(end) { Swift.max($0, $1.latestEnd) }
    }

    /// Every node of this subtree, this one first (depth-first, in order).
    public var allNodes: [DITraceNode] {
        [self] + children.flatMap(\.allNodes)
    }

    /// One line for this request: `resolve Feed → made Feed (prototype) 0.12 ms [Feed.swift:9]`.
    public var summary: String {
        var text = "resolve \(request)"
        if !argumentTypes.isEmpty { text += " args(\(argumentTypes.joined(separator: ", ")))" }
        let answer = component.map { " \($0.typeName) (\(storage ?? "\($0.lifetime)"))" } ?? ""
        switch outcome {
        case .made: text += " → made\(answer)"
        case .reused: text += " → reused\(answer)"
        // A wrapper (`[T]`, `Lazy`, `Provider`) is answered by the requests inside it.
        case .skipped: text += record.opening.requestIsComposed ? " → handed out" : " → nil"
        case .failed:
            // The reason belongs to the request where it happened, not to every caller above
            // (a deferred injection's failure can sit below a request that was made).
            let below = allNodes.dropFirst().contains { $0.outcome == .failed }
            let cause = below ? "" : error.map { ": \($0.reason)" + Self.place(below: request, on: $0.path) } ?? ""
            text += " → failed\(cause)"
        case nil: text += " → (unfinished)"
        }
        if outcome != nil { text += " \(formatMilliseconds(duration))" }
        if let component { text += " [\(component.location)]" }
        if isDeferredInjection { text += " (cycle: injection, after the resolve)" }
        return text
    }

    /// ` (at Lazy<Cache> → Cache)`: where below `request` the failure on `path` happened,
    /// when that is a request no node shows (the target a `Lazy` or `Provider` parameter
    /// is handed out for).
    static func place(below request: String, on path: [String]) -> String {
        guard let index = path.lastIndex(of: request), index < path.count - 1 else { return "" }
        return " (at \(path[(index + 1)...].joined(separator: " → ")))"
    }

    /// The indented lines of this subtree, `tab` repeated once per level.
    func lines(tab: String, level: Int = 0, diagnostics includeDiagnostics: Bool) -> [String] {
        let prefix = String(repeating: tab, count: level)
        var result = [prefix + summary]
        if includeDiagnostics {
            // `!` marks what to change; `·` a note (a choice the rules made as written).
            result += diagnostics.map { prefix + tab + ($0.severity >= .warning ? "! " : "· ") + $0.description }
        }
        for child in children {
            result += child.lines(tab: tab, level: level + 1, diagnostics: includeDiagnostics)
        }
        return result
    }
}

/// `0.12 ms`: milliseconds with two decimals, without Foundation.
func formatMilliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let hundredths = seconds * 100_000 + attoseconds / 10_000_000_000_000
    let whole = hundredths / 100
    let fraction = hundredths % 100
    return "\(whole).\(fraction < 10 ? "0" : "")\(fraction) ms"
}
