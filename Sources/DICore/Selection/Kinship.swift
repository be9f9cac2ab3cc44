import DIRuntime

/// How a registered type stands to a requested type it is not registered as: whether
/// `.as(Requested.self)` would have answered the request. Asked only when a "nothing is
/// registered" error is made (``NearMisses``).
///
/// A subclass is a metatype cast (`candidate is Requested.Type`). A protocol conformance
/// cannot be asked that way: for `Requested == any P`, `Requested.Type` is `(any P).Type`,
/// whose only value is `(any P).self`, and a generic `any Requested.Type` cannot be written.
/// So the existential metatype `any P.Type` is looked up by its mangled name — the request's
/// mangling plus `Xp`, the existential-metatype operator of the stable mangling
/// (docs/ABI/Mangling.rst) — and the candidate's metatype is cast to it, as
/// `Candidate.self is any P.Type` would be. That covers compositions (`any P & Q`,
/// `any P & AnyObject`, `any Base & P`); the lookup fails for a `private` or `fileprivate`
/// protocol and for one with primary associated types (`any Collection<Int>`), and then the
/// answer is ``Relation/unknown``.
struct Kinship {
    /// How a candidate stands to the request.
    enum Relation {
        /// A subclass of the requested class.
        case subclass
        /// It conforms to the requested protocol (or composition).
        case conformance
        /// `.as(Requested.self)` would not answer: another class, a type not conforming.
        case unrelated
        /// The request is a protocol whose conformances the runtime cannot be asked about here.
        case unknown
    }

    private let requested: Any.Type
    private let kind: Kind

    private enum Kind {
        case protocolType(existentialMetatype: Any.Type)
        case uncheckedProtocol
        case everyType
        case other
    }

    init(_ requested: Any.Type) {
        self.requested = requested
        let key = ObjectIdentifier(requested)
        if let known = Self.kinds.withLock({ $0[key] }) {
            kind = known
            return
        }
        kind = Self.kind(of: requested)
        Self.kinds.withLock { $0[key] = kind }
    }

    /// What each requested type is, worked out once per process: a mangled-name lookup
    /// takes about a microsecond, and validation asks it for every `.as` alias each time.
    private static let kinds = Locked<[ObjectIdentifier: Kind]>([:])

    private static func kind(of requested: Any.Type) -> Kind {
        // `Any` (and `any Sendable`, the same type at run time) and `AnyObject` are not hints:
        // everything (every class) would be one.
        if requested == Any.self || requested == AnyObject.self { return .everyType }
        guard let mangled = _mangledTypeName(requested), isExistential(mangled) else { return .other }
        guard let metatype = _typeByName(mangled + "Xp") else { return .uncheckedProtocol }
        return .protocolType(existentialMetatype: metatype)
    }

    /// How `candidate` stands to the request.
    func of(_ candidate: Any.Type) -> Relation {
        switch kind {
        case .protocolType(let existentialMetatype):
            func conforms<Metatype>(_: Metatype.Type) -> Bool { (candidate as Any) is Metatype }
            return _openExistential(existentialMetatype, do: conforms) ? .conformance : .unrelated
        case .uncheckedProtocol:
            return .unknown
        case .everyType:
            return .unrelated
        case .other:
            func isSubclass<Requested>(_: Requested.Type) -> Bool { candidate is Requested.Type }
            return _openExistential(requested, do: isSubclass) ? .subclass : .unrelated
        }
    }

    /// Whether an instance of `registered`, the type a component is registered as, can be
    /// the requested type: validation's check of `.as(Requested.self)`.
    enum Fit {
        /// Always: a subclass, a conforming type.
        case holds
        /// Never: a struct or an enum that does not conform (`.typeMismatch` on every resolve).
        case never
        /// Only if the factory returns a subclass that is one: a class that is not one.
        case onlyForSomeSubclass
        /// The runtime cannot tell (a `private` protocol, `Any`, a registered existential).
        case unknown
    }

    /// How `.as(Requested.self)` fits a component registered as `registered`.
    func fit(of registered: Any.Type) -> Fit {
        // `Any` and `AnyObject` hold what they may; an `Optional` alias wraps anything.
        if case .everyType = kind { return .unknown }
        if requested is any OptionalRequest.Type { return .unknown }
        switch of(registered) {
        case .subclass, .conformance:
            return .holds
        case .unknown:
            return .unknown
        case .unrelated:
            // An existential's instances are of other types; a class's may be subclasses.
            if let mangled = _mangledTypeName(registered), Self.isExistential(mangled) { return .unknown }
            return registered is AnyObject.Type ? .onlyForSomeSubclass : .never
        }
    }

    /// Whether a mangled type name is an existential: it ends in the operator of one — `p`
    /// (`any P`, `Any`), `Xl` (`& AnyObject`), `Xc` (`& Base`) or `XP` (`any P<T>`) — and not
    /// in `Xp`, an existential metatype.
    private static func isExistential(_ mangled: String) -> Bool {
        if mangled.hasSuffix("Xp") { return false }
        return mangled.hasSuffix("p") || mangled.hasSuffix("Xl") || mangled.hasSuffix("Xc") || mangled.hasSuffix("XP")
    }
}
