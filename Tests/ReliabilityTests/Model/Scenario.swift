/// A name or tag on a key, as the model sees it.
enum Qualifier: Hashable, Sendable, CustomStringConvertible {
    case none
    case name(String)
    /// Tag `T0` or `T1`.
    case tag(Int)

    var description: String {
        switch self {
        case .none: ""
        case .name(let name): "(name: \"\(name)\")"
        case .tag(let tag): "(tag: T\(tag))"
        }
    }
}

/// A type the model can ask for: `Impl` itself or protocol `P0`…`P2`.
enum Face: Hashable, Sendable, CustomStringConvertible {
    case impl
    case proto(Int)

    var description: String {
        switch self {
        case .impl: "Impl"
        case .proto(let index): "P\(index)"
        }
    }
}

/// What a component is indexed under: a type and a qualifier.
struct ModelKey: Hashable, Sendable {
    let face: Face
    let qualifier: Qualifier
}

/// A parameter of a registration's factory.
enum Param: Sendable, CustomStringConvertible {
    case required(Int)
    case optional(Int)
    case many(Int)
    /// `by(tag: T0.self, on: $0)` of protocol `P<n>`.
    case tagged(Int)
    /// `many(by(tag: T0.self, on: $0))` of protocol `P<n>`.
    case taggedMany(Int)

    var description: String {
        switch self {
        case .required(let p): "P\(p)"
        case .optional(let p): "P\(p)?"
        case .many(let p): "many(P\(p))"
        case .tagged(let p): "by(tag: T0, P\(p))"
        case .taggedMany(let p): "many(by(tag: T0, P\(p)))"
        }
    }
}

/// A lifetime, as the model generates it.
enum Life: CaseIterable, Sendable {
    case prototype, objectGraph, perContainerSingle, perContainerWeak, perFramework, perPart
    case perApplicationSingle, perApplicationWeak, single, custom

    /// Whether one instance is shared across top-level resolves.
    var isCached: Bool { self != .prototype && self != .objectGraph }
}

/// One `register` call of a scenario.
struct RegSpec: Sendable, CustomStringConvertible {
    let index: Int
    let aliases: [ModelKey]
    let isDefault: Bool
    let isTest: Bool
    let life: Life
    let params: [Param]

    /// Every key the component answers to: its own type, then its aliases.
    var keys: [ModelKey] { [ModelKey(face: .impl, qualifier: .none)] + aliases }

    var description: String {
        let faces = aliases.map { "\($0.face)\($0.qualifier)" }.joined(separator: ",")
        return "#\(index)(\(params.map(\.description).joined(separator: ", "))) as[\(faces)] \(life)"
            + (isDefault ? " default" : "") + (isTest ? " test" : "")
    }
}

/// A step of a load script (the top level's, a framework's, or a part's).
enum Action: Sendable, CustomStringConvertible {
    case register(Int)
    case appendFramework(Int)
    case appendPart(Int)
    case importFramework(Int)

    var description: String {
        switch self {
        case .register(let i): "reg#\(i)"
        case .appendFramework(let f): "append(Fw\(f))"
        case .appendPart(let p): "append(Pt\(p))"
        case .importFramework(let f): "import(Fw\(f))"
        }
    }
}

/// A request the test makes to the container.
struct Ask: Sendable, CustomStringConvertible {
    let face: Face
    let qualifier: Qualifier
    let optional: Bool
    let many: Bool
    let from: Int?

    var description: String {
        let base = many ? "many(\(face))" : "\(face)\(qualifier)" + (optional ? "?" : "")
        return base + (from.map { " from Fw\($0)" } ?? "")
    }
}

/// Everything one seed generates.
struct Scenario: Sendable, CustomStringConvertible {
    var specs: [RegSpec] = []
    var top: [Action] = []
    var frameworkScripts: [[Action]] = Array(repeating: [], count: 4)
    var partScripts: [[Action]] = Array(repeating: [], count: 4)
    var hasParent = false
    /// Top-level registrations made in the parent container.
    var inParent: Set<Int> = []
    var asks: [Ask] = []

    var description: String {
        var lines = specs.map { "  \($0)" + (inParent.contains($0.index) ? " [parent]" : "") }
        lines.append("  top: \(top)")
        for (index, script) in frameworkScripts.enumerated() where !script.isEmpty {
            lines.append("  Fw\(index): \(script)")
        }
        for (index, script) in partScripts.enumerated() where !script.isEmpty {
            lines.append("  Pt\(index): \(script)")
        }
        return lines.joined(separator: "\n")
    }

    /// The scenario of `seed`.
    init(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let qualifiers: [Qualifier] = [.none, .none, .name("a"), .name("b"), .tag(0), .tag(1)]
        let frameworkCount = random.below(5)
        let partCount = random.below(5)
        hasParent = random.chance(25)
        for index in 0..<(3 + random.below(10)) {
            let aliases = (0..<random.below(3)).map { _ in
                ModelKey(face: .proto(random.below(3)), qualifier: random.pick(qualifiers))
            }
            let params: [Param] = (0..<random.pick([0, 0, 1, 1, 2])).map { _ in
                let p = random.below(3)
                return random.pick([.required(p), .required(p), .optional(p), .many(p), .tagged(p), .taggedMany(p)])
            }
            specs.append(
                RegSpec(
                    index: index,
                    aliases: aliases,
                    isDefault: random.chance(20),
                    isTest: random.chance(10),
                    life: random.pick(Life.allCases),
                    params: params
                )
            )
            // Where the registration is made: top level, a framework, or a part.
            switch random.below(3) {
            case 1 where frameworkCount > 0:
                Self.insert(.register(index), into: &frameworkScripts[random.below(frameworkCount)], &random)
            case 2 where partCount > 0:
                Self.insert(.register(index), into: &partScripts[random.below(partCount)], &random)
            default:
                Self.insert(.register(index), into: &top, &random)
                if hasParent, random.chance(50) { inParent.insert(index) }
            }
        }
        for framework in 0..<frameworkCount {
            if random.chance(35) {
                Self.insert(.importFramework(random.below(4)), into: &frameworkScripts[framework], &random)
            }
            if random.chance(20) {
                Self.insert(.appendFramework(random.below(4)), into: &frameworkScripts[framework], &random)
            }
            if partCount > 0, random.chance(35) {
                Self.insert(.appendPart(random.below(partCount)), into: &frameworkScripts[framework], &random)
            }
            if random.chance(85) { Self.insert(.appendFramework(framework), into: &top, &random) }
        }
        for part in 0..<partCount {
            if random.chance(15) {
                Self.insert(.appendPart(random.below(partCount)), into: &partScripts[part], &random)
            }
            if random.chance(65) { Self.insert(.appendPart(part), into: &top, &random) }
        }
        if random.chance(10) { Self.insert(.importFramework(random.below(4)), into: &top, &random) }
        let faces: [Face] = [.impl, .proto(0), .proto(1), .proto(2)]
        asks = (0..<24).map { _ in
            let many = random.chance(15)
            let from = !many && random.chance(30) ? random.below(4) : nil
            return Ask(
                face: random.pick(faces),
                qualifier: many || from != nil ? .none : random.pick(qualifiers),
                optional: !many && random.chance(30),
                many: many,
                from: from
            )
        }
    }

    private static func insert(_ action: Action, into script: inout [Action], _ random: inout SplitMix64) {
        script.insert(action, at: random.below(script.count + 1))
    }
}
