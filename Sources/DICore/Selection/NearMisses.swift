/// What is registered that nearly answers a request nothing answers: the hints a
/// `.notRegistered` error (and validation's missing dependency) adds to "nothing is
/// registered for it".
///
/// Worked out only when the error is made — never on the resolve path — by one pass over the
/// components:
/// - the same type under another name or tag (a typo: `"upload"` while `"uploads"` exists),
///   or without one;
/// - a subclass registered only as itself;
/// - a type registered only as itself whose name suggests it was meant to answer
///   (`URLSessionHTTPClient` for `HTTPClient`): a protocol conformance cannot be tested
///   from types alone, so this says "if it conforms".
enum NearMisses {
    /// At most this many hints: the closest first.
    static let limit = 3

    /// The hints for a request of `requested` with `qualifier`, closest first.
    static func hints(for requested: Any.Type, _ qualifier: DIQualifier, among components: [Component]) -> [String] {
        let requestedID = ObjectIdentifier(requested)
        let requestedName = typeName(requested)
        var sameType: [(closeness: Int, text: String)] = []
        var otherTypes: [String] = []
        for component in components {
            let location = component.info.location
            let qualifiers = component.keys.filter { $0.type == requestedID }.map(\.qualifier)
            if !qualifiers.isEmpty {
                for other in qualifiers where other != qualifier {
                    sameType.append(
                        (sameKind(other, qualifier) ? 0 : 1, "registered \(describe(other)) at \(location)")
                    )
                }
                continue
            }
            guard qualifier == .none, component.config.aliases.isEmpty else { continue }
            let type = component.config.type
            let name = typeName(type)
            if isSubclass(type, of: requested) {
                otherTypes.append(
                    "\(name) at \(location) is a subclass registered only as itself (add .as(\(requestedName).self))"
                )
            } else if resembles(name, requestedName) {
                otherTypes.append(
                    "\(name) at \(location) is registered only as itself (add .as(\(requestedName).self) if it conforms)"
                )
            }
        }
        // A stable sort: a name for a name (a tag for a tag) first, then registration order.
        let closest = sameType.enumerated().sorted {
            ($0.element.closeness, $0.offset) < ($1.element.closeness, $1.offset)
        }
        return Array((closest.map(\.element.text) + otherTypes).prefix(limit))
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
        }
    }

    /// Whether `candidate` is a subclass of the class `requested`.
    private static func isSubclass(_ candidate: Any.Type, of requested: Any.Type) -> Bool {
        func test<Requested>(_: Requested.Type) -> Bool { candidate is Requested.Type }
        return _openExistential(requested, do: test)
    }

    /// Whether a type's name suggests it stands for `requested`: one contains the other
    /// (`URLSessionHTTPClient`, `HTTPClientImpl` for `HTTPClient`), or they end in the same
    /// word (`LiveClient` for `APIClient`).
    private static func resembles(_ name: String, _ requested: String) -> Bool {
        guard name != requested, requested.count >= 3 else { return false }
        if name.contains(requested) || requested.contains(name) && name.count >= 3 { return true }
        let last = lastWord(name)
        return last.count >= 4 && last == lastWord(requested)
    }

    /// The last camel-case word: `Client` of `URLSessionClient`.
    private static func lastWord(_ name: String) -> Substring {
        let start = name.lastIndex { $0.isUppercase } ?? name.startIndex
        return name[start...]
    }
}
