import DIRuntime

/// A description of a registered component: what it provides and where it came from.
///
/// Errors, events and graphs carry these; they are plain values, safe to keep and print.
public struct DIComponentInfo: Hashable, Sendable, CustomStringConvertible {
    /// A number unique to the component within the process, in registration order.
    public let id: Int
    /// The registered type (DITranquillity's `type`).
    public let type: Any.Type
    /// The registered type's name as it is written, without the module: `Cat`,
    /// `Settings.Config`, `[Cat]`, `[String: Cat]`.
    public let typeName: String
    /// The types the component is also resolvable as (`.as`), with their name or tag.
    public let aliases: [String]
    /// The component's lifetime.
    public let lifetime: DILifeTime
    /// Whether it is marked `.default()`.
    public let isDefault: Bool
    /// Whether it is marked `.test()`.
    public let isTest: Bool
    /// The framework that registered it, if any.
    public let framework: String?
    /// The part that registered it, if any.
    public let part: String?
    /// The file of the `register` call (`#fileID`).
    public let file: String
    /// The line of the `register` call.
    public let line: Int

    /// Equal when every field is (the type by identity).
    public static func == (lhs: DIComponentInfo, rhs: DIComponentInfo) -> Bool {
        lhs.id == rhs.id && lhs.type == rhs.type && lhs.typeName == rhs.typeName && lhs.aliases == rhs.aliases
            && lhs.lifetime == rhs.lifetime && lhs.isDefault == rhs.isDefault && lhs.isTest == rhs.isTest
            && lhs.framework == rhs.framework && lhs.part == rhs.part && lhs.file == rhs.file && lhs.line == rhs.line
    }

    /// Hashes the component's id (unique within the process) and place.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(file)
        hasher.combine(line)
    }

    /// `file:line` of the registration.
    public var location: String { "\(file):\(line)" }

    /// For example `Cat (perContainer(.single)) at App/Setup.swift:12 in FeedFramework`.
    public var description: String {
        var text = "\(typeName) (\(lifetime)) at \(location)"
        if let framework { text += " in \(framework)" }
        if let part { text += (framework == nil ? " in " : "/") + part }
        if isTest { text += " [test]" }
        if isDefault { text += " [default]" }
        return text
    }

    /// The descriptions of `components`, as a list of candidates shows them: where one
    /// line registered several of them (a helper or a loop that calls `register` again, a
    /// part loaded into two containers of a chain),
    /// each of those says so, or the list would show the same text twice.
    package static func listed(_ components: [DIComponentInfo]) -> [String] {
        var counts: [String: Int] = [:]
        let descriptions = components.map(\.description)
        for description in descriptions { counts[description, default: 0] += 1 }
        return descriptions.map { description in
            guard let count = counts[description], count > 1 else { return description }
            return description
                + " (one of \(count) this line registered, run again by a helper, a loop or a part loaded twice)"
        }
    }
}

/// A readable name for a type, as users write it: `Cat`, `Lazy<Cat>`, `Animal?`, `[Cat]`,
/// `[String: Cat]`, `((Int) -> Cat)?`, `Settings.Config`: as `String(reflecting:)` prints
/// it, with the standard library's shorthand for `Optional`, `Array` and `Dictionary`
/// (``TypeNameSugar``), without module names (nor the `(unknown context …)` of a private or
/// local type).
///
/// Made once per type and then remembered: an observed resolve names every type it meets
/// in its events, and making a name (printing the type, shortening it, dropping module
/// prefixes) costs tens of times what the rest of a resolve does.
package func typeName(_ type: Any.Type) -> String {
    let key = ObjectIdentifier(type)
    if let known = typeNames.withLock({ $0[key] }) { return known }
    let name = readableName(of: type)
    _ = typeNames.withLock { $0.store(name, for: key) }
    return name
}

/// The names ``typeName(_:)`` made, by type.
private let typeNames = Locked(IdentityTable<ObjectIdentifier, String>())

/// A type's name with its module, `Feed.Config`, for telling apart two types that
/// ``typeName(_:)`` names alike. With the same shorthand, which keeps the modules of what it
/// wraps: `[Feed.Config]?`, `Swift.Int?`. Not remembered: only a rare hint asks for it.
package func moduleQualifiedTypeName(_ type: Any.Type) -> String {
    readableName(of: type, keepingModules: true)
}

/// The last part of a type's name, `Config` for `Settings.Config`: what two types nested
/// in different types share. A generic, optional, array or function type's name is whole:
/// its last dot is inside it (`[Settings.Config]`).
package func simpleTypeName(_ type: Any.Type) -> String {
    let name = typeName(type)
    guard !name.contains(where: { "<[?(".contains($0) }), let dot = name.lastIndex(of: ".") else { return name }
    return String(name[name.index(after: dot)...])
}

/// `printed` without the labels the runtime gives a constrained existential's arguments:
/// `any App.Repository<Self.App.Repository.Entity == App.User>` reads
/// `any App.Repository<App.User>`, as it is written.
private func withoutConstraintLabels(_ printed: String) -> String {
    var text = printed
    while let equals = text.firstRange(of: " == ") {
        let head = text[..<equals.lowerBound]
        let start = head.lastIndex { $0 == "<" || $0 == " " }.map { text.index(after: $0) } ?? text.startIndex
        guard text[start...].hasPrefix("Self.") else { break }
        text.removeSubrange(start..<equals.upperBound)
    }
    return text
}

/// ``typeName(_:)``, made anew; or ``moduleQualifiedTypeName(_:)``.
private func readableName(of type: Any.Type, keepingModules: Bool = false) -> String {
    // The shorthand before the modules go: `Swift.` is what marks the standard library's types.
    let full = TypeNameSugar.applied(to: withoutConstraintLabels(String(reflecting: type)))
    var result = ""
    // The dotted name being read: it starts with a module, but after a generic argument
    // list (`App.Box<Swift.Int>.Inner`).
    var word = ""
    func endWord() {
        let parts = word.split(separator: ".")
        let dropsModule = !keepingModules && !word.hasPrefix(".") && parts.count > 1
        result += (word.hasPrefix(".") ? "." : "") + parts.dropFirst(dropsModule ? 1 : 0).joined(separator: ".")
        word = ""
    }
    var index = full.startIndex
    while index < full.endIndex {
        let character = full[index]
        // Private and local types print with their context, `App.Feed.(unknown context at
        // $10e4).Cat`: the context goes, with its dot, and the name reads `Feed.Cat`.
        if character == "(", full[index...].hasPrefix("(unknown context at "),
            let close = full[index...].firstIndex(of: ")")
        {
            index = full.index(after: close)
            if index < full.endIndex, full[index] == "." { index = full.index(after: index) }
            continue
        }
        // A type nested in an extension of another module's type prints as
        // `(extension in App):Swift.Array<Swift.Int>.Page`: the extension's module goes.
        if character == "(", full[index...].hasPrefix("(extension in "),
            let close = full[index...].firstIndex(of: ")"), full.index(after: close) < full.endIndex,
            full[full.index(after: close)] == ":"
        {
            index = full.index(close, offsetBy: 2)
            continue
        }
        // A raw identifier (`` `Raw Name` ``) is one word, spaces and all (which the runtime
        // prints as no-break spaces, as they are mangled).
        if character == "`", let close = full[full.index(after: index)...].firstIndex(of: "`") {
            word += full[index...close].replacing("\u{00A0}", with: " ")
            index = full.index(after: close)
            continue
        }
        if character.isLetter || character.isNumber || character == "_" || character == "." {
            word.append(character)
        } else {
            endWord()
            result.append(character)
        }
        index = full.index(after: index)
    }
    endWord()
    return result
}
