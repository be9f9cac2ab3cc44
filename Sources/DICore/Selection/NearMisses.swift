/// What is registered that nearly answers a request nothing answers: the hints a
/// `.notRegistered` error (and validation's missing dependency) adds to "nothing is
/// registered for it".
///
/// Worked out only when the error is made — never on the resolve path — by one pass over the
/// components:
/// - the same type under another name or tag (a typo: `"upload"` while `"uploads"` exists),
///   or without one;
/// - another type of the same name, nested in another type (`Settings.Config` for
///   `Feed.Config`);
/// - a subclass of the requested class, or a type conforming to the requested protocol,
///   that is not registered `.as` it (``Kinship``);
/// - where the runtime cannot tell whether a type conforms (a `private` protocol, a
///   protocol with primary associated types), a type registered only as itself whose name
///   suggests it was meant to answer (`URLSessionHTTPClient` for `HTTPClient`), said with
///   "if it conforms".
enum NearMisses {
    /// At most this many hints: the closest first.
    static let limit = 3

    /// "Nothing is registered for it", with the hints (and any `more` of the caller's): the
    /// reason of the resolver's `.notRegistered` error and of validation's missing dependency.
    static func nothingRegistered(
        for requested: Any.Type,
        _ qualifier: DIQualifier,
        among components: [Component],
        more: [String] = []
    ) -> String {
        (["nothing is registered for it"] + hints(for: requested, qualifier, among: components) + more)
            .joined(separator: "; ")
    }

    /// For an array of a type components answer, how to ask for all of them: an array is a
    /// type like any other to the resolver, not "every `T`".
    private static func manyHint(for requested: Any.Type, among components: [Component]) -> String? {
        guard let array = requested as? any ArrayRequest.Type else { return nil }
        let element = ObjectIdentifier(array.elementType)
        let count = components.count { $0.types.contains(element) }
        guard count > 0 else { return nil }
        let name = typeName(array.elementType)
        let written = name.hasPrefix("any ") ? "(\(name))" : name
        return
            "\(count) \(count == 1 ? "component answers" : "components answer") \(name): ask for DIMany<\(written)>, call resolveMany(), or take many($0) in a factory to get them all"
    }

    /// The hints for a request of `requested` with `qualifier`, closest first.
    static func hints(for requested: Any.Type, _ qualifier: DIQualifier, among components: [Component]) -> [String] {
        let requestedID = ObjectIdentifier(requested)
        let requestedName = typeName(requested)
        let kinship = Kinship(requested)
        var sameType: [(closeness: Int, text: String)] = []
        var otherTypes: [(closeness: Int, text: String)] = []
        if qualifier == .none, let many = manyHint(for: requested, among: components) { sameType.append((0, many)) }
        for component in components {
            let location = component.info.location
            let qualifiers = component.keys.filter { $0.type == requestedID }.map(\.qualifier)
            if !qualifiers.isEmpty {
                // The name or tag asked for, given to another of the component's types
                // (`.as(Animal.self, tag: Pets.self)` for a request of `Dog` with that tag).
                let elsewhere = component.config.aliases.filter { $0.qualifier == qualifier && qualifier != .none }
                let types = elsewhere.map { typeName($0.type) }.joined(separator: ", ")
                let given = elsewhere.isEmpty ? "" : " (\(describe(qualifier)) only as \(types))"
                for other in qualifiers where other != qualifier {
                    let closeness = sameKind(other, qualifier) || !given.isEmpty ? 0 : 1
                    sameType.append((closeness, "registered \(describe(other)) at \(location)\(given)"))
                }
                continue
            }
            guard qualifier == .none else { continue }
            let type = component.config.type
            let name = typeName(type)
            let aliases = component.config.aliases
            let registered =
                aliases.isEmpty
                ? "registered only as itself"
                : "registered as \(([name] + aliases.map(\.label)).joined(separator: ", ")), not as \(requestedName)"
            let simpleName = simpleTypeName(type)
            if simpleName == simpleTypeName(requested) {
                // `Settings.Config` for `Feed.Config`; `Feed.Config` for `App.Config`, two
                // modules' types that both print as `Config`.
                let (asked, other) =
                    name == requestedName
                    ? (moduleQualifiedTypeName(requested), moduleQualifiedTypeName(type)) : (requestedName, name)
                let found = "\(other) at \(location) is another type named \(simpleName)"
                otherTypes.append((0, "\(found) (\(asked) is asked for)"))
                continue
            }
            // `any P<X>` is written in parentheses before `.self`.
            let written = requestedName.hasPrefix("any ") ? "(\(requestedName))" : requestedName
            let add = "add .as(\(written).self)"
            let closeness = resembles(name, requestedName) ? 0 : 1
            switch kinship.of(type) {
            case .subclass:
                otherTypes.append((closeness, "\(name) at \(location) is a subclass \(registered) (\(add))"))
            case .conformance:
                otherTypes.append((closeness, "\(name) at \(location) conforms but is \(registered) (\(add))"))
            // A component that itself needs the type (the requester, usually) is no guess.
            case .unknown where aliases.isEmpty && closeness == 0 && !needs(component, requestedID):
                otherTypes.append((closeness, "\(name) at \(location) is \(registered) (\(add) if it conforms)"))
            case .unknown, .unrelated:
                continue
            }
        }
        // A type named like the request before others; otherwise registration order.
        return Array((closestFirst(sameType) + closestFirst(otherTypes)).prefix(limit))
    }

    /// Whether `component`'s parameters or injections ask for the type `requested`.
    private static func needs(_ component: Component, _ requested: ObjectIdentifier) -> Bool {
        let asks = { (dependency: DIDependency) in ObjectIdentifier(dependency.leaf) == requested }
        return component.config.parameters.contains(where: asks)
            || component.config.injections.contains { $0.dependencies.contains(where: asks) }
    }

    /// The texts, closest first; equals keep their order (a name for a name, a tag for a tag
    /// first among the same type's registrations).
    private static func closestFirst(_ hints: [(closeness: Int, text: String)]) -> [String] {
        hints.enumerated()
            .sorted { ($0.element.closeness, $0.offset) < ($1.element.closeness, $1.offset) }
            .map(\.element.text)
    }

    /// Whether two qualifiers are both names or both tags.
    private static func sameKind(_ one: DIQualifier, _ other: DIQualifier) -> Bool {
        switch (one, other) {
        case (.name, .name), (.tag, .tag), (.tag, .tags), (.tags, .tag), (.tags, .tags): true
        default: false
        }
    }

    /// `with name "uploads"`, `with tag MainTag`, `without a name or tag`.
    private static func describe(_ qualifier: DIQualifier) -> String {
        switch qualifier {
        case .none: "without a name or tag"
        case .name(let name): "with name \"\(name)\""
        case .tag(_, let tag): "with tag \(tag.name)"
        case .tags(let tags): "with tags \(tags.map(\.name).joined(separator: ", "))"
        case .nameAndTags(let name, let tags):
            "with name \"\(name)\" and \(tags.count == 1 ? "tag" : "tags") \(tags.map(\.name).joined(separator: ", "))"
        }
    }

    /// Whether a type's name suggests it stands for `requested`: one contains the other
    /// (`URLSessionHTTPClient`, `HTTPClientImpl` for `HTTPClient`), or they end in the same
    /// word (`LiveClient` for `APIClient`).
    private static func resembles(_ fullName: String, _ fullRequested: String) -> Bool {
        let (name, requested) = (baseName(fullName), baseName(fullRequested))
        guard name != requested, requested.count >= 3 else { return false }
        if name.contains(requested) || requested.contains(name) && name.count >= 3 { return true }
        let last = lastWord(name)
        return last.count >= 4 && last == lastWord(requested)
    }

    /// A type's name without `any`, its generic arguments and what it is nested in:
    /// `Repository` of `any Data.Repository<User>`.
    private static func baseName(_ name: String) -> Substring {
        var base = name[...]
        if base.hasPrefix("any ") { base = base.dropFirst(4) }
        if let open = base.firstIndex(of: "<") { base = base[..<open] }
        if let dot = base.lastIndex(of: ".") { base = base[base.index(after: dot)...] }
        return base
    }

    /// The last camel-case word: `Client` of `URLSessionClient`.
    private static func lastWord(_ name: Substring) -> Substring {
        let start = name.lastIndex { $0.isUppercase } ?? name.startIndex
        return name[start...]
    }
}
