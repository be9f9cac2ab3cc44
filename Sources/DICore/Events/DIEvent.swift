import DIRuntime

/// Something the container did, delivered to observers.
///
/// Resolves form trees: each request gets a `spanID`, knows its `parentSpanID`, and all
/// requests of one top-level resolve share a `traceID`. A `Lazy`/`Provider` resolved later
/// starts a new trace whose `linkedTraceID` is the trace of the graph it belongs to.
///
/// Events are built only when someone observes: with no observer the container does no
/// event work at all.
public struct DIEvent: Sendable {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// A component was registered (``component`` is set, with its modifiers): sent when
        /// the registration statement ends.
        case registered
        /// A request started (``request``, ``depth``, ``spanID``).
        case resolveStarted
        /// A request finished (``outcome``, ``duration``; ``component`` when one answered).
        case resolveFinished
        /// An instance was made by its factory (``component``).
        case made
        /// A cached instance was reused (``component``, ``storage``).
        case reused
        /// A request failed (``error``).
        case failed
        /// Instances were dropped (``scope``, ``count``).
        case cleaned
        /// A warning or error about the wiring (``diagnostic``).
        case diagnostic
    }

    /// How a finished request was answered.
    public enum Outcome: Sendable, Equatable {
        /// The instance was made for this request.
        case made
        /// A cached instance was reused.
        case reused
        /// The request failed.
        case failed
        /// The request was answered without a component (`nil`, a `DIContainer`, an argument).
        case skipped
    }

    /// What happened.
    public let kind: Kind
    /// When it happened.
    public let time: ContinuousClock.Instant
    /// The top-level resolve this belongs to (0 outside a resolve).
    public let traceID: UInt64
    /// This request within its trace (0 outside a resolve).
    public let spanID: UInt64
    /// The request this one was made for, if any.
    public let parentSpanID: UInt64?
    /// For a delayed resolve: the trace of the graph the `Lazy`/`Provider` came from.
    public let linkedTraceID: UInt64?
    /// Nesting depth: 0 for the top-level request.
    public let depth: Int
    /// The request, as written: `Animal (name: "tom")`, `Lazy<Cat>`.
    public let request: String?
    /// The types of the runtime arguments of the request, if any.
    public let argumentTypes: [String]
    /// The component that answered, made, or was registered.
    public let component: DIComponentInfo?
    /// How a finished request was answered.
    public let outcome: Outcome?
    /// Which storage a reused or made instance lives in (`perContainer`, `objectGraph`, …).
    public let storage: String?
    /// How long the request took (on ``Kind/resolveFinished``).
    public let duration: Duration?
    /// The failure, on ``Kind/failed`` (and on a failed ``Kind/resolveFinished``).
    public let error: DIError?
    /// The diagnostic, on ``Kind/diagnostic``.
    public let diagnostic: DIDiagnostic?
    /// What was cleaned (`perContainer`, `framework FeedFramework`, …), on ``Kind/cleaned``.
    public let scope: String?
    /// How many instances were dropped, on ``Kind/cleaned``.
    public let count: Int
    /// Whether this request was made by a `cycle:` injection, which runs after the rest of the
    /// top-level resolve; its ``parentSpanID`` is the request that made the injected instance.
    public let isDeferredInjection: Bool

    /// Creates an event. The container creates these; tests may too.
    public init(
        kind: Kind,
        time: ContinuousClock.Instant = .now,
        traceID: UInt64 = 0,
        spanID: UInt64 = 0,
        parentSpanID: UInt64? = nil,
        linkedTraceID: UInt64? = nil,
        depth: Int = 0,
        request: String? = nil,
        argumentTypes: [String] = [],
        component: DIComponentInfo? = nil,
        outcome: Outcome? = nil,
        storage: String? = nil,
        duration: Duration? = nil,
        error: DIError? = nil,
        diagnostic: DIDiagnostic? = nil,
        scope: String? = nil,
        count: Int = 0,
        isDeferredInjection: Bool = false
    ) {
        self.kind = kind
        self.time = time
        self.traceID = traceID
        self.spanID = spanID
        self.parentSpanID = parentSpanID
        self.linkedTraceID = linkedTraceID
        self.depth = depth
        self.request = request
        self.argumentTypes = argumentTypes
        self.component = component
        self.outcome = outcome
        self.storage = storage
        self.duration = duration
        self.error = error
        self.diagnostic = diagnostic
        self.scope = scope
        self.count = count
        self.isDeferredInjection = isDeferredInjection
    }
}

/// Receives the container's events.
///
/// Observers are called on the thread that did the work, never while the container holds
/// a lock, so an observer may resolve from the container.
///
/// ```swift
/// final class Counter: DIObserver {
///     let made = Locked(0)
///     func receive(_ event: DIEvent) { if event.kind == .made { … } }
/// }
/// container.addObserver(counter)
/// ```
public protocol DIObserver: AnyObject, Sendable {
    /// Called for every event of the containers the observer is attached to.
    func receive(_ event: DIEvent)
}
