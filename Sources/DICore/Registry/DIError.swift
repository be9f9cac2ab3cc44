import DILazy

/// Why the container could not give what was asked for.
///
/// `tryResolve` throws exactly this type, so a `catch` sees ``kind`` without casting.
/// The ``description`` names the type asked for, the chain of requests that led there and,
/// for an ambiguity, every candidate with the place it was registered.
///
/// ```swift
/// do {
///     let garage: Garage = try container.tryResolve()
/// } catch {
///     if error.kind == .notRegistered { print(error.path) }   // ["Garage", "Car", "Engine"]
/// }
/// ```
public struct DIError: Error, CustomStringConvertible, Sendable {
    /// The category of failure.
    public enum Kind: Sendable, Equatable {
        /// Nothing is registered for the requested type (with its name or tag), or what
        /// answers it has nothing to give: its closure returns an optional and returned `nil`
        /// (the reason says which).
        case notRegistered
        /// Several components match and no priority rule picks one.
        case ambiguous
        /// Making the instance needs the instance itself, with nothing to break the loop.
        case cycle
        /// The runtime arguments do not match the registration's `arg` parameters.
        case argumentMismatch
        /// The component was registered with `register(T.self)` and has no initializer.
        case noInitializer
        /// The component's value is not of the requested type (an `.as` that does not hold).
        case typeMismatch
        /// A `Lazy` or `Provider` was used after its container was released.
        case containerReleased
        /// Parts or frameworks used the wrong way. No resolve throws it today: such misuse
        /// (an `import` outside a framework, a part appended by a second framework) is
        /// reported as a warning diagnostic of kind ``DIDiagnostic/Kind/misuse`` instead.
        case misuse
        /// A synchronous resolve needs a component with an `async` or `@MainActor`
        /// initializer: resolve it with `await`.
        case requiresAsync
        /// The resolve nests so deep that the thread's stack is nearly used up: the error
        /// names the depth. Resolve on a thread with a larger stack, or break the chain
        /// with a `Provider`/`Lazy`.
        case tooDeep
    }

    /// The category of failure.
    public let kind: Kind
    /// The resolution chain, outermost request first, ending with the one that failed;
    /// all of it (``description`` shortens a chain of more than ten). A request answered by
    /// a component of another type (an `.as` alias) names it: `PDFExporter as Exporter`.
    public let path: [String]
    /// The type that was asked for when the failure happened.
    public var requested: String { details.requested }
    /// A sentence explaining the failure.
    public var reason: String { details.reason }
    /// The components involved (the candidates of an ambiguity, the members of a cycle),
    /// all of them; ``description`` lists the first ten.
    public var candidates: [DIComponentInfo] { details.candidates }
    /// The component whose registration's closure returned `nil` (`register { optional }`),
    /// when that is the failure: its instance is absent rather than failed, and `many`
    /// leaves it out.
    package var absentComponent: ObjectIdentifier? {
        get { details.absentComponent }
        set { details = Details(requested, reason, candidates, absent: newValue, failsWholeResolve: failsWholeResolve) }
    }
    /// Whether the error comes from work left for the end of a resolve (a `cycle:`
    /// injection), which fails the whole resolve it is a part of: no optional request the
    /// error passes on its way out answers `nil` for it.
    package var failsWholeResolve: Bool { details.failsWholeResolve }
    private var details: Details

    /// The rest of the error, behind one reference: an error of three words is returned in
    /// registers by a function that throws it typed. With every field inline, each call on
    /// a resolve's path kept room for one in its caller's frame, and a level of a nested
    /// first resolve took 2,192 bytes of stack (a 250-deep graph did not fit a 512 KiB
    /// thread).
    private final class Details: Sendable {
        let requested: String
        let reason: String
        let candidates: [DIComponentInfo]
        let absentComponent: ObjectIdentifier?
        let failsWholeResolve: Bool

        init(
            _ requested: String,
            _ reason: String,
            _ candidates: [DIComponentInfo],
            absent: ObjectIdentifier?,
            failsWholeResolve: Bool = false
        ) {
            self.requested = requested
            self.reason = reason
            self.candidates = candidates
            absentComponent = absent
            self.failsWholeResolve = failsWholeResolve
        }
    }

    /// Creates an error. The container creates these; tests and extensions may too.
    public init(
        kind: Kind,
        requested: String,
        path: [String],
        reason: String,
        candidates: [DIComponentInfo] = []
    ) {
        self.kind = kind
        self.path = path
        details = Details(requested, reason, candidates, absent: nil)
    }

    private init(kind: Kind, path: [String], details: Details) {
        self.kind = kind
        self.path = path
        self.details = details
    }

    /// The error as seen one request further out: `label` goes first on the path, and is
    /// the requested type if none was set yet (the innermost request names the failure).
    /// `answeredBy`: the name of the component chosen for the request, where its type is not
    /// the one asked for (an `.as` alias): the path says `PDFExporter as Exporter`, so that
    /// of several components answering `Exporter` the failing one is known.
    package func within(_ label: String, answeredBy component: String? = nil) -> DIError {
        DIError(
            kind: kind,
            path: [component.map { "\($0) as \(label)" } ?? label] + path,
            // The innermost request's error is shared by every outer one.
            details: requested.isEmpty
                ? Details(label, reason, candidates, absent: absentComponent, failsWholeResolve: failsWholeResolve)
                : details
        )
    }

    /// The same error, marked as failing the whole resolve (``failsWholeResolve``).
    package func failingWholeResolve() -> DIError {
        guard !failsWholeResolve else { return self }
        let marked = Details(requested, reason, candidates, absent: absentComponent, failsWholeResolve: true)
        return DIError(kind: kind, path: path, details: marked)
    }

    /// Why a loop of prototype components closed only by `cycle:` injections cannot be made
    /// (`chain`: its types, the first again last), for the resolve's error and validation's.
    package static func prototypeLoop(_ chain: [String]) -> String {
        "the cycle \(chain.joined(separator: " → ")) is made only of prototypes, so every pass makes new instances and it never closes (give one a cached or objectGraph lifetime, or use Lazy/Provider)"
    }

    /// Why a `cycle:` injection of `type` that takes `arg(argument)` always fails, for the
    /// resolve's error and validation's.
    package static func cycleInjectionArgument(of type: String, taking argument: String) -> String {
        "\(type) has a cycle: injection that takes a runtime argument (arg(\(argument))), which no resolve can pass: a cycle: injection runs after the rest of the resolve; take the argument in the initializer or a plain injection"
    }

    /// Why a loop closed by an injection (not `cycle:`) fails: the injection runs while
    /// `needed`, a member of the loop, is still in its initializer. For the resolve's error
    /// (`needed`: the member it reached again) and validation's ("one of them").
    package static func loopClosedEarly(_ chain: [String], needs needed: String) -> String {
        "the cycle \(chain.joined(separator: " → ")) needs \(needed) before its initializer returns (mark the injection that closes it cycle: true, or use Lazy/Provider)"
    }

    /// The error of a whole resolve of `T`: one that no request has located yet (an `arg`
    /// used outside a registration, say) is located at `T`.
    package func located<T>(as type: T.Type) -> DIError {
        located(asType: T.self)
    }

    /// ``located(as:)`` for a type known only at run time.
    package func located(asType type: Any.Type) -> DIError {
        path.isEmpty ? within(typeName(type)) : self
    }

    /// The error with `outer` requests (outermost first) before its path.
    package func along(_ outer: [String]) -> DIError {
        outer.reversed().reduce(self) { $0.within($1) }
    }

    /// A readable explanation, for example
    /// `cannot resolve Engine: nothing is registered for it (Garage → Car → Engine)`.
    public var description: String {
        var text = "cannot resolve \(requested): \(reason)"
        // A cycle's reason already spells its chain: print it once.
        if path.count > 1, !reason.contains(path.joined(separator: " → ")) {
            text += " (\(ShortList.chain(path)))"
        }
        // The first few, then a count: the full list stays in `candidates`.
        if !candidates.isEmpty {
            text += "\n  - " + ShortList.joined(DIComponentInfo.listed(candidates), separator: "\n  - ")
        }
        return text
    }
}
