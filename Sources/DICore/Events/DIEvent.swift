import DIRuntime

/// Something the container did, delivered to observers.
///
/// Resolves form trees: each request gets a `spanID`, knows its `parentSpanID`, and all
/// requests of one top-level resolve share a `traceID`. A `Lazy`/`Provider` resolved later,
/// or a resolve in a child task of an async factory, starts a new trace whose
/// `linkedTraceID` is the trace of the graph it belongs to.
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
    /// When it happened: a resolve's events are stamped to the nanosecond by the clock
    /// `ContinuousClock` reads; an event you make keeps the time you give it.
    public var time: ContinuousClock.Instant {
        if let given = details?.given { return given.time }
        return EventClock.instant(at: moment)
    }
    /// When a resolve's event happened (see ``EventClock``): one word, where an instant
    /// has no size known at compile time.
    private let moment: EventClock.Time
    /// The top-level resolve this belongs to (0 outside a resolve).
    public let traceID: UInt64
    /// This request within its trace (0 outside a resolve).
    public let spanID: UInt64
    /// The request this one was made for, if any.
    public let parentSpanID: UInt64?
    /// For a resolve made in another one's object graph (a `Lazy`/`Provider` resolved later,
    /// a child task of an async factory): the trace of that graph.
    public let linkedTraceID: UInt64?
    /// Nesting depth: 0 for the top-level request.
    public let depth: Int
    /// The request, as written: `Animal (name: "tom")`, `Lazy<Cat>`.
    public var request: String? {
        if let given = details?.given { return given.request }
        return requested.map { requestLabel($0, details?.qualifier ?? .none) }
    }
    /// The types of the runtime arguments of the request, if any.
    public var argumentTypes: [String] {
        if let given = details?.given { return given.argumentTypes }
        return details?.argumentTypes?.map(typeName) ?? []
    }
    /// The component that answered, made, or was registered.
    public var component: DIComponentInfo? {
        if let given = details?.given { return given.component }
        return answering?.info
    }
    /// Whether the request is made of other requests (`[T]`, a `Lazy`, a `Provider`), which
    /// answer it: a `skipped` outcome then hands the wrapper out, where an optional's is `nil`.
    package var requestIsComposed: Bool {
        requested.map(isComposedRequest) ?? false
    }
    /// The identity of the component ``component`` describes, without spelling it: whether
    /// two events of a resolve are about the same component.
    package var componentIdentity: ObjectIdentifier? {
        answering.map(ObjectIdentifier.init)
    }
    /// How a finished request was answered.
    public let outcome: Outcome?
    /// Which storage a reused or made instance lives in (`perContainer`, `objectGraph`, …).
    public var storage: String? {
        if let given = details?.given { return given.storage }
        return showsStorage ? answering?.config.lifetime.traceName : nil
    }
    /// How long the request took (on ``Kind/resolveFinished``), to the nanosecond: from its
    /// ``Kind/resolveStarted`` event's ``time`` to the moment its instance was made or found
    /// (the finished event's ``time``). Observers' handling of the events in between counts
    /// (a slow observer makes the requests around it look slow); of its own ``Kind/made``
    /// or ``Kind/reused`` event, not.
    public var duration: Duration? {
        if let given = details?.given { return given.duration }
        return elapsed.map { .nanoseconds($0) }
    }
    /// ``duration``, in nanoseconds: a word and a flag, where a `Duration` is two words.
    private let elapsed: Int64?
    /// The failure, on ``Kind/failed`` (and on a failed ``Kind/resolveFinished``).
    public var error: DIError? { details?.error }
    /// The diagnostic, on ``Kind/diagnostic``.
    public var diagnostic: DIDiagnostic? { details?.diagnostic }
    /// What was cleaned (`perContainer`, `framework FeedFramework`, …), on ``Kind/cleaned``.
    public var scope: String? { details?.scope }
    /// How many instances were dropped, on ``Kind/cleaned``.
    public let count: Int
    /// Whether this request was made by a `cycle:` injection, which runs after the rest of the
    /// top-level resolve; its ``parentSpanID`` is the request that made the injected instance.
    public let isDeferredInjection: Bool

    // What the event is about. A resolve's events keep the request and the component as
    // they are and spell them only when an observer reads them: an observer that counts
    // events pays for no string. An event made with strings keeps them in `rare`. Each of
    // a resolve's events is built, delivered and destroyed: its fields are words and
    // references, three of them `nil` for most events, and nothing copied case by case.

    /// A resolve's request…
    private let requested: (any Any.Type)?
    /// …and the component that answered it, if any.
    private let answering: Component?
    /// Whether ``storage`` names the answering component's lifetime.
    private let showsStorage: Bool
    /// What few events carry (the request's name or tags, a failure, a diagnostic, a
    /// clean's scope, an event made with strings), boxed so that every other event is small
    /// to copy and holds one `nil` for all of it.
    private let details: Details?

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
        self.init(
            kind: kind,
            moment: EventClock.Time(nanoseconds: 0),
            traceID: traceID,
            spanID: spanID,
            parentSpanID: parentSpanID,
            linkedTraceID: linkedTraceID,
            depth: depth,
            requested: nil,
            answering: nil,
            showsStorage: false,
            outcome: outcome,
            elapsed: nil,
            details: Details(
                error: error,
                diagnostic: diagnostic,
                scope: scope,
                given: Given(
                    time: time,
                    duration: duration,
                    request: request,
                    argumentTypes: argumentTypes,
                    component: component,
                    storage: storage
                )
            ),
            count: count,
            isDeferredInjection: isDeferredInjection
        )
    }

    private init(
        kind: Kind,
        moment: EventClock.Time,
        traceID: UInt64,
        spanID: UInt64,
        parentSpanID: UInt64?,
        linkedTraceID: UInt64?,
        depth: Int,
        requested: (any Any.Type)?,
        answering: Component?,
        showsStorage: Bool,
        outcome: Outcome?,
        elapsed: Int64?,
        details: Details?,
        count: Int,
        isDeferredInjection: Bool
    ) {
        self.kind = kind
        self.moment = moment
        self.traceID = traceID
        self.spanID = spanID
        self.parentSpanID = parentSpanID
        self.linkedTraceID = linkedTraceID
        self.depth = depth
        self.requested = requested
        self.answering = answering
        self.showsStorage = showsStorage
        self.outcome = outcome
        self.elapsed = elapsed
        self.details = details
        self.count = count
        self.isDeferredInjection = isDeferredInjection
    }

    /// An event about a resolve's request for `requested` (with its name or tags, and its
    /// runtime argument types, in `details`), answered (or being answered) by `component`;
    /// `showsStorage`: whether ``storage`` names the component's lifetime.
    /// A failure's or a diagnostic's event adds what it carries with
    /// ``carrying(error:diagnostic:)``: the events of a resolve that goes well never copy
    /// those empty values.
    init(
        kind: Kind,
        moment: EventClock.Time,
        traceID: UInt64,
        spanID: UInt64,
        parentSpanID: UInt64?,
        linkedTraceID: UInt64?,
        depth: Int,
        requested: (any Any.Type)?,
        details: Details?,
        component: Component?,
        showsStorage: Bool,
        outcome: Outcome? = nil,
        elapsed: Int64? = nil,
        isDeferredInjection: Bool = false
    ) {
        self.init(
            kind: kind,
            moment: moment,
            traceID: traceID,
            spanID: spanID,
            parentSpanID: parentSpanID,
            linkedTraceID: linkedTraceID,
            depth: depth,
            requested: requested,
            answering: component,
            showsStorage: showsStorage,
            outcome: outcome,
            elapsed: elapsed,
            details: details,
            count: 0,
            isDeferredInjection: isDeferredInjection
        )
    }

    /// The time from `earlier` to this event: counted in the nanoseconds both carry when a
    /// resolve made them, without making an instant of either.
    package func elapsed(since earlier: DIEvent) -> Duration {
        if details?.given == nil, earlier.details?.given == nil {
            return .nanoseconds(moment.nanoseconds(since: earlier.moment))
        }
        return time - earlier.time
    }

    /// This event, carrying `error` and `diagnostic` (a resolve's failure or diagnostic).
    ///
    /// (Field by field: with a `var` field set on a copy of `self` instead, the optimizer
    /// copied every event a resolve delivers.)
    func carrying(error: DIError?, diagnostic: DIDiagnostic?) -> DIEvent {
        DIEvent(self, details: Details(details, error: error, diagnostic: diagnostic))
    }

    private init(_ event: DIEvent, details: Details?) {
        kind = event.kind
        moment = event.moment
        traceID = event.traceID
        spanID = event.spanID
        parentSpanID = event.parentSpanID
        linkedTraceID = event.linkedTraceID
        depth = event.depth
        requested = event.requested
        answering = event.answering
        showsStorage = event.showsStorage
        outcome = event.outcome
        elapsed = event.elapsed
        self.details = details
        count = event.count
        isDeferredInjection = event.isDeferredInjection
    }
}

extension DIEvent {
    /// What an event made with strings (``DIEvent/init(kind:time:traceID:spanID:parentSpanID:linkedTraceID:depth:request:argumentTypes:component:outcome:storage:duration:error:diagnostic:scope:count:isDeferredInjection:)``)
    /// was given, kept as given: its time and duration, and its descriptions.
    fileprivate final class Given: Sendable {
        let time: ContinuousClock.Instant
        let duration: Duration?
        let request: String?
        let argumentTypes: [String]
        let component: DIComponentInfo?
        let storage: String?

        init(
            time: ContinuousClock.Instant,
            duration: Duration?,
            request: String?,
            argumentTypes: [String],
            component: DIComponentInfo?,
            storage: String?
        ) {
            self.time = time
            self.duration = duration
            self.request = request
            self.argumentTypes = argumentTypes
            self.component = component
            self.storage = storage
        }
    }

    /// The fields few events carry, boxed so that every other event holds one `nil`: a
    /// request's name or tags, its runtime argument types, a failure, a diagnostic, a clean's
    /// scope, and the descriptions of an event made with strings.
    ///
    /// A traced request's frame keeps its box (``of(_:)``) and hands it to each of the
    /// request's events: a qualifier (an enum with a string, a tag or a list in it) is boxed
    /// once per request, not copied and destroyed case by case at each event.
    final class Details: Sendable {
        let qualifier: DIQualifier
        let argumentTypes: [any Any.Type]?
        let error: DIError?
        let diagnostic: DIDiagnostic?
        let scope: String?
        fileprivate let given: Given?

        fileprivate init(
            qualifier: DIQualifier = .none,
            argumentTypes: [any Any.Type]? = nil,
            error: DIError? = nil,
            diagnostic: DIDiagnostic? = nil,
            scope: String? = nil,
            given: Given? = nil
        ) {
            self.qualifier = qualifier
            self.argumentTypes = argumentTypes
            self.error = error
            self.diagnostic = diagnostic
            self.scope = scope
            self.given = given
        }

        /// The box of a request's `qualifier`; `nil` for none.
        @inline(__always)
        static func of(_ qualifier: DIQualifier) -> Details? {
            if case .none = qualifier { return nil }
            return Details(qualifier: qualifier)
        }

        /// A request's `qualifier` and runtime `argumentTypes`, boxed.
        convenience init(_ qualifier: DIQualifier, argumentTypes: [any Any.Type]) {
            self.init(qualifier: qualifier, argumentTypes: argumentTypes)
        }

        /// `details`, with `error` and `diagnostic` added; `nil` when there is nothing.
        fileprivate convenience init?(_ details: Details?, error: DIError?, diagnostic: DIDiagnostic?) {
            guard details != nil || error != nil || diagnostic != nil else { return nil }
            self.init(
                qualifier: details?.qualifier ?? .none,
                argumentTypes: details?.argumentTypes,
                error: error,
                diagnostic: diagnostic,
                scope: details?.scope,
                given: details?.given
            )
        }
    }
}

extension Optional<DIEvent.Details> {
    /// The boxed qualifier, or none.
    var qualifier: DIQualifier { self?.qualifier ?? .none }

    /// These details with a request's runtime argument types (`nil` or empty: none) added.
    @inline(__always)
    func passing(_ argumentTypes: [any Any.Type]?) -> DIEvent.Details? {
        guard let argumentTypes, !argumentTypes.isEmpty else { return self }
        return DIEvent.Details(qualifier, argumentTypes: argumentTypes)
    }
}
