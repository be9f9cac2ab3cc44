/// The standard library's shorthand for the types ``typeName(_:)`` names: a printed
/// `Swift.Optional<Swift.Int>` reads `Swift.Int?`, `Swift.Array<App.Cat>` reads
/// `[App.Cat]`, `Swift.Dictionary<Swift.String, App.Cat>` reads `[Swift.String: App.Cat]`,
/// as users write them.
///
/// It rewrites the reflected name while it still has its modules: the `Swift.` prefix is
/// all that tells the standard library's `Optional` from another module's type of that name,
/// which keeps its name.
enum TypeNameSugar {
    /// `reflected` (as `String(reflecting:)` prints a type) with the shorthand for every
    /// `Swift.Optional`, `Swift.Array` and `Swift.Dictionary` in it, at any depth.
    static func applied(to reflected: String) -> String {
        sugared(reflected[...])
    }

    /// The generic types that have a shorthand.
    private enum Family: CaseIterable {
        case optional, array, dictionary

        /// How the reflected name starts, generic argument list opened.
        var opening: String {
            switch self {
            case .optional: "Swift.Optional<"
            case .array: "Swift.Array<"
            case .dictionary: "Swift.Dictionary<"
            }
        }

        var arity: Int { self == .dictionary ? 2 : 1 }
    }

    /// What a character does to the nesting of brackets.
    private enum Nesting {
        case opens, closes, neither
    }

    private static func sugared(_ text: Substring) -> String {
        var result = ""
        var index = text.startIndex
        // `App.Swift.Optional<…>` would be a type nested in another, not the standard library's.
        var startsName = true
        while index < text.endIndex {
            if startsName, let family = Family.allCases.first(where: { text[index...].hasPrefix($0.opening) }) {
                let open = text.index(index, offsetBy: family.opening.count - 1)
                if let close = closingBracket(of: open, in: text) {
                    let arguments = topLevelParts(of: text[text.index(after: open)..<close]).map(sugared)
                    if arguments.count == family.arity {
                        let after = text.index(after: close)
                        result += written(family, arguments, before: text[after...])
                        index = after
                        startsName = false
                        continue
                    }
                }
            }
            let character = text[index]
            if character == "`", let close = text[text.index(after: index)...].firstIndex(of: "`") {
                result += text[index...close]
                index = text.index(after: close)
                startsName = false
                continue
            }
            result.append(character)
            startsName = !(character.isLetter || character.isNumber || character == "_" || character == ".")
            index = text.index(after: index)
        }
        return result
    }

    /// One type of `family` with its (already sugared) arguments, as written before `rest`.
    private static func written(_ family: Family, _ arguments: [String], before rest: Substring) -> String {
        switch family {
        case .array:
            return "[\(arguments[0])]"
        case .dictionary:
            return "[\(arguments[0]): \(arguments[1])]"
        case .optional:
            // `Int?.Member` is not how a type nested in an extension of `Optional` is written
            // (`Int?.Type`, the metatype, is).
            if rest.first == ".", rest.dropFirst().prefix(while: isNameCharacter) != "Type" {
                return "Swift.Optional<\(arguments[0])>"
            }
            return optional(arguments[0])
        }
    }

    /// An optional of the type named `wrapped`, as written: `Cat?`, `((Int) -> Cat)?`.
    static func optional(_ wrapped: String) -> String {
        needsParentheses(wrapped) ? "(\(wrapped))?" : "\(wrapped)?"
    }

    /// Whether `?` after `type` would bind to a part of it rather than the whole: the result
    /// of a function type, the last protocol of a composition, what `any`/`some` applies to.
    private static func needsParentheses(_ type: String) -> Bool {
        if type.hasPrefix("any ") || type.hasPrefix("some ") { return true }
        var found = false
        walk(type[...]) { _, character, _, depth in
            // `-` is only ever the start of `->`.
            found = depth == 0 && (character == "&" || character == "-")
            return !found
        }
        return found
    }

    /// The `>` (or other closer) that closes the bracket at `open`.
    private static func closingBracket(of open: Substring.Index, in text: Substring) -> Substring.Index? {
        var close: Substring.Index?
        walk(text[open...]) { index, _, nesting, depth in
            guard index != open, nesting == .closes, depth == 0 else { return true }
            close = index
            return false
        }
        return close
    }

    /// `text` split at the commas outside brackets: a generic argument list's arguments.
    private static func topLevelParts(of text: Substring) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex
        walk(text) { index, character, _, depth in
            if character == ",", depth == 0 {
                parts.append(text[start..<index])
                start = text.index(after: index)
            }
            return true
        }
        parts.append(text[start...])
        return parts.map { $0.drop(while: { $0 == " " }) }
    }

    /// Calls `visit` with each character of `text` outside raw identifiers, what it does to
    /// the nesting, and its depth (a bracket's, the depth around it) until `visit` returns
    /// false.
    private static func walk(
        _ text: Substring,
        _ visit: (Substring.Index, Character, Nesting, _ depth: Int) -> Bool
    ) {
        var depth = 0
        var previous: Character = " "
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "`", let close = text[text.index(after: index)...].firstIndex(of: "`") {
                index = text.index(after: close)
                previous = character
                continue
            }
            let nesting: Nesting
            switch character {
            case "<", "(", "[", "{": nesting = .opens
            // The `>` of `->` closes nothing.
            case ">" where previous == "-": nesting = .neither
            case ">", ")", "]", "}": nesting = .closes
            default: nesting = .neither
            }
            if nesting == .closes { depth -= 1 }
            guard visit(index, character, nesting, depth) else { return }
            if nesting == .opens { depth += 1 }
            previous = character
            index = text.index(after: index)
        }
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
