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
    public var time: ContinuousClock.Instant { EventClock.instant(at: offset) }
    /// When it happened, as an offset (see ``EventClock``): keeps the event's size fixed.
    private let offset: Duration
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
    public var request: String? {
        if let given = rare?.given { return given.request }
        return requested.map { requestLabel($0, qualified.qualifier) }
    }
    /// The types of the runtime arguments of the request, if any.
    public var argumentTypes: [String] {
        if let given = rare?.given { return given.argumentTypes }
        return rare?.argumentTypes?.map(typeName) ?? []
    }
    /// The component that answered, made, or was registered.
    public var component: DIComponentInfo? {
        if let given = rare?.given { return given.component }
        return answering?.info
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
        if let given = rare?.given { return given.storage }
        return showsStorage ? answering?.config.lifetime.traceName : nil
    }
    /// How long the request took (on ``Kind/resolveFinished``): from its start to the
    /// moment its instance was made or found, which is also the finished event's ``time``
    /// (observers' handling of the ``Kind/made`` or ``Kind/reused`` event is not counted).
    public let duration: Duration?
    /// The failure, on ``Kind/failed`` (and on a failed ``Kind/resolveFinished``).
    public var error: DIError? { rare?.error }
    /// The diagnostic, on ``Kind/diagnostic``.
    public var diagnostic: DIDiagnostic? { rare?.diagnostic }
    /// What was cleaned (`perContainer`, `framework FeedFramework`, …), on ``Kind/cleaned``.
    public var scope: String? { rare?.scope }
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
    private let qualified: QualifierBox?
    /// …and the component that answered it, if any.
    private let answering: Component?
    /// Whether ``storage`` names the answering component's lifetime.
    private let showsStorage: Bool
    /// What few events carry (a failure, a diagnostic, a clean's scope, an event made with
    /// strings), boxed so that every other event is small to copy.
    private let rare: Rare?

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
            offset: EventClock.offset(of: time),
            traceID: traceID,
            spanID: spanID,
            parentSpanID: parentSpanID,
            linkedTraceID: linkedTraceID,
            depth: depth,
            requested: nil,
            qualified: nil,
            answering: nil,
            showsStorage: false,
            outcome: outcome,
            duration: duration,
            rare: Rare(
                error,
                diagnostic,
                scope,
                given: Given(request: request, argumentTypes: argumentTypes, component: component, storage: storage)
            ),
            count: count,
            isDeferredInjection: isDeferredInjection
        )
    }

    private init(
        kind: Kind,
        offset: Duration,
        traceID: UInt64,
        spanID: UInt64,
        parentSpanID: UInt64?,
        linkedTraceID: UInt64?,
        depth: Int,
        requested: (any Any.Type)?,
        qualified: QualifierBox?,
        answering: Component?,
        showsStorage: Bool,
        outcome: Outcome?,
        duration: Duration?,
        rare: Rare?,
        count: Int,
        isDeferredInjection: Bool
    ) {
        self.kind = kind
        self.offset = offset
        self.traceID = traceID
        self.spanID = spanID
        self.parentSpanID = parentSpanID
        self.linkedTraceID = linkedTraceID
        self.depth = depth
        self.requested = requested
        self.qualified = qualified
        self.answering = answering
        self.showsStorage = showsStorage
        self.outcome = outcome
        self.duration = duration
        self.rare = rare
        self.count = count
        self.isDeferredInjection = isDeferredInjection
    }

    /// An event about a resolve's request for `requested` (with the name or tags in
    /// `qualified`), answered (or being answered) by `component`; `showsStorage`: whether
    /// ``storage`` names the component's lifetime.
    /// A failure's or a diagnostic's event adds what it carries with
    /// ``carrying(error:diagnostic:)``: the events of a resolve that goes well never copy
    /// those empty values.
    init(
        kind: Kind,
        offset: Duration,
        traceID: UInt64,
        spanID: UInt64,
        parentSpanID: UInt64?,
        linkedTraceID: UInt64?,
        depth: Int,
        requested: (any Any.Type)?,
        qualified: QualifierBox?,
        argumentTypes: [any Any.Type]? = nil,
        component: Component?,
        showsStorage: Bool,
        outcome: Outcome? = nil,
        duration: Duration? = nil,
        isDeferredInjection: Bool = false
    ) {
        self.init(
            kind: kind,
            offset: offset,
            traceID: traceID,
            spanID: spanID,
            parentSpanID: parentSpanID,
            linkedTraceID: linkedTraceID,
            depth: depth,
            requested: requested,
            qualified: qualified,
            answering: component,
            showsStorage: showsStorage,
            outcome: outcome,
            duration: duration,
            rare: argumentTypes?.isEmpty == false ? Rare(arguments: argumentTypes) : nil,
            count: 0,
            isDeferredInjection: isDeferredInjection
        )
    }

    /// This event, carrying `error` and `diagnostic` (a resolve's failure or diagnostic).
    ///
    /// (Field by field: with a `var` field set on a copy of `self` instead, the optimizer
    /// copied every event a resolve delivers.)
    func carrying(error: DIError?, diagnostic: DIDiagnostic?) -> DIEvent {
        DIEvent(self, rare: Rare(error, diagnostic, rare?.scope, arguments: rare?.argumentTypes, given: rare?.given))
    }

    private init(_ event: DIEvent, rare: Rare?) {
        kind = event.kind
        offset = event.offset
        traceID = event.traceID
        spanID = event.spanID
        parentSpanID = event.parentSpanID
        linkedTraceID = event.linkedTraceID
        depth = event.depth
        requested = event.requested
        qualified = event.qualified
        answering = event.answering
        showsStorage = event.showsStorage
        outcome = event.outcome
        duration = event.duration
        self.rare = rare
        count = event.count
        isDeferredInjection = event.isDeferredInjection
    }
}

extension DIEvent {
    /// The descriptions of an event made with strings (``DIEvent/init(kind:time:traceID:spanID:parentSpanID:linkedTraceID:depth:request:argumentTypes:component:outcome:storage:duration:error:diagnostic:scope:count:isDeferredInjection:)``).
    fileprivate final class Given: Sendable {
        let request: String?
        let argumentTypes: [String]
        let component: DIComponentInfo?
        let storage: String?

        init(request: String?, argumentTypes: [String], component: DIComponentInfo?, storage: String?) {
            self.request = request
            self.argumentTypes = argumentTypes
            self.component = component
            self.storage = storage
        }
    }

    /// The fields few events carry, boxed so that every other event holds one `nil`: a
    /// failure, a diagnostic, a clean's scope, a resolve's runtime argument types, and the
    /// descriptions of an event made with strings.
    fileprivate final class Rare: Sendable {
        let error: DIError?
        let diagnostic: DIDiagnostic?
        let scope: String?
        let argumentTypes: [any Any.Type]?
        let given: Given?

        /// The fields, boxed; `nil` when there are none.
        convenience init?(
            _ error: DIError?,
            _ diagnostic: DIDiagnostic?,
            _ scope: String?,
            arguments: [any Any.Type]? = nil,
            given: Given? = nil
        ) {
            guard error != nil || diagnostic != nil || scope != nil || arguments != nil || given != nil else {
                return nil
            }
            self.init(error: error, diagnostic: diagnostic, scope: scope, argumentTypes: arguments, given: given)
        }

        /// The runtime argument types of a resolve's request, boxed.
        convenience init(arguments: [any Any.Type]?) {
            self.init(error: nil, diagnostic: nil, scope: nil, argumentTypes: arguments, given: nil)
        }

        private init(
            error: DIError?,
            diagnostic: DIDiagnostic?,
            scope: String?,
            argumentTypes: [any Any.Type]?,
            given: Given?
        ) {
            self.error = error
            self.diagnostic = diagnostic
            self.scope = scope
            self.argumentTypes = argumentTypes
            self.given = given
        }
    }
}
