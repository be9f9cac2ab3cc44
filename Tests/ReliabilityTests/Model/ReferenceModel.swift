import DICore

/// What the container should answer, as a value that can be compared.
indirect enum Answer: Equatable, CustomStringConvertible {
    case failed(DIError.Kind)
    case nothing
    case value(Node)
    case many([Node])

    var description: String {
        switch self {
        case .failed(let kind): "error .\(kind)"
        case .nothing: "nil"
        case .value(let node): "\(node)"
        case .many(let nodes): "[\(nodes.map(\.description).joined(separator: ", "))]"
        }
    }
}

/// An instance: the registration that made it and what each of its parameters received.
struct Node: Equatable, CustomStringConvertible {
    let spec: Int
    let children: [Child]

    var description: String {
        children.isEmpty ? "#\(spec)" : "#\(spec)(\(children.map(\.description).joined(separator: ", ")))"
    }
}

/// What one parameter received.
enum Child: Equatable, CustomStringConvertible {
    case one(Node)
    case optional(Node?)
    case many([Node])

    var description: String {
        switch self {
        case .one(let node): "\(node)"
        case .optional(let node): node.map { "\($0)?" } ?? "nil"
        case .many(let nodes): "[\(nodes.map(\.description).joined(separator: ", "))]"
        }
    }
}

/// An independent reference model of DESIGN.md's rules ("Registration", "Resolution",
/// "Parts and frameworks"), written from the text and never calling the library's own
/// selection code. It answers which registration a request gets, or which error.
struct ReferenceModel {
    /// A registration as loaded: where it came from, in which container.
    struct Loaded {
        let spec: RegSpec
        let framework: Int?
        let part: Int?
    }

    private enum Module: Hashable {
        case framework(Int)
        case part(Int)
    }

    private let scenario: Scenario
    /// Registration order within each container; the parent's are looked at second.
    private(set) var child: [Loaded] = []
    private(set) var parent: [Loaded] = []
    /// Framework → the frameworks it imports (`import`, or `append(framework:)` in its load).
    private var imports: [Int: Set<Int>] = [:]
    private var loaded: Set<Module> = []
    /// The (framework, part) being loaded, innermost last.
    private var origins: [(framework: Int?, part: Int?)] = []

    init(_ scenario: Scenario) {
        self.scenario = scenario
        run(scenario.top)
    }

    /// Each part/framework loads once per container; registrations take the origin of the
    /// innermost one loading; a framework appended or imported in another's load is imported.
    private mutating func run(_ actions: [Action]) {
        for action in actions {
            switch action {
            case .register(let index):
                let origin = origins.last ?? (nil, nil)
                let loaded = Loaded(spec: scenario.specs[index], framework: origin.framework, part: origin.part)
                if origins.isEmpty, scenario.inParent.contains(index) {
                    parent.append(loaded)
                } else {
                    child.append(loaded)
                }
            case .importFramework(let framework):
                noteImport(of: framework)
            case .appendFramework(let framework):
                noteImport(of: framework)
                guard loaded.insert(.framework(framework)).inserted else { continue }
                origins.append((framework, nil))
                run(scenario.frameworkScripts[framework])
                origins.removeLast()
            case .appendPart(let part):
                guard loaded.insert(.part(part)).inserted else { continue }
                origins.append((origins.last?.framework, part))
                run(scenario.partScripts[part])
                origins.removeLast()
            }
        }
    }

    private mutating func noteImport(of framework: Int) {
        guard let importer = origins.last?.framework, importer != framework else { return }
        imports[importer, default: []].insert(framework)
    }

    // MARK: Choosing

    private enum Choice {
        case none
        case one(Loaded)
        case ambiguous
    }

    /// The child's candidates if it has any, else the parent's; `parentOnly`: the parent's
    /// (inside an instance the parent keeps).
    private func choose(_ key: ModelKey, framework: Int?, parentOnly: Bool = false) -> Choice {
        for level in parentOnly ? [parent] : [child, parent] {
            let candidates = level.filter { $0.spec.keys.contains(key) }
            if !candidates.isEmpty { return pick(among: candidates, framework: framework) }
        }
        return .none
    }

    /// DESIGN's five rules, first one that leaves exactly one wins. `.test()` "wins over
    /// everything": several tests leave only the tests in the running.
    private func pick(among candidates: [Loaded], framework: Int?) -> Choice {
        if candidates.count == 1 { return .one(candidates[0]) }
        var field = candidates
        let tests = field.filter(\.spec.isTest)
        if tests.count == 1 { return .one(tests[0]) }
        if tests.count > 1 { field = tests }
        if let framework {
            if let own = onlyOrDefault(field.filter { $0.framework == framework }) { return .one(own) }
            let imported = imports[framework] ?? []
            if let viaImport = onlyOrDefault(field.filter { $0.framework.map(imported.contains) ?? false }) {
                return .one(viaImport)
            }
        }
        let defaults = field.filter(\.spec.isDefault)
        return defaults.count == 1 ? .one(defaults[0]) : .ambiguous
    }

    private func onlyOrDefault(_ group: [Loaded]) -> Loaded? {
        if group.count == 1 { return group[0] }
        let defaults = group.filter(\.spec.isDefault)
        return defaults.count == 1 ? defaults[0] : nil
    }

    /// `many`: every component of the type whatever its name or tag, the parent's first
    /// (only the parent's inside an instance the parent keeps).
    private func all(of face: Face, parentOnly: Bool = false) -> [Loaded] {
        (parentOnly ? parent : parent + child).filter { loaded in loaded.spec.keys.contains { $0.face == face } }
    }

    /// Whether the parent keeps registration `index`'s instance: a cached lifetime (its
    /// `custom(name:)` is per container too), registered in the parent. The parent makes
    /// it, with its own registrations and in an object graph of its own, whichever
    /// container asks first.
    func parentKeeps(_ index: Int) -> Bool {
        scenario.specs[index].life.isCached && parent.contains { $0.spec.index == index }
    }

    // MARK: Making

    private typealias Made = Result<Node, ModelFailure>

    private struct ModelFailure: Error {
        let kind: DIError.Kind
    }

    /// Makes `component`, with `chain` the components being made around it; `parentOnly`:
    /// inside an instance the parent keeps.
    private func make(_ component: Loaded, chain: [Int], parentOnly: Bool = false) -> Made {
        if chain.contains(component.spec.index) { return .failure(ModelFailure(kind: .cycle)) }
        let chain = chain + [component.spec.index]
        let parentOnly = parentOnly || parentKeeps(component.spec.index)
        var children: [Child] = []
        for param in component.spec.params {
            let child: Result<Child, ModelFailure>
            switch param {
            case .required(let p), .tagged(let p):
                let qualifier: Qualifier = if case .tagged = param { .tag(0) } else { .none }
                child = Self.require(
                    choose(
                        ModelKey(face: .proto(p), qualifier: qualifier),
                        framework: component.framework,
                        parentOnly: parentOnly
                    )
                )
                .flatMap { make($0, chain: chain, parentOnly: parentOnly) }.map(Child.one)
            case .optional(let p):
                if case .one(let chosen) = choose(
                    ModelKey(face: .proto(p), qualifier: .none),
                    framework: component.framework,
                    parentOnly: parentOnly
                ) {
                    // An optional is `nil` when its component cannot be made, but for a cycle.
                    child = make(chosen, chain: chain, parentOnly: parentOnly).map(Child.optional).flatMapError {
                        failure in
                        failure.kind == .cycle ? .failure(failure) : .success(.optional(nil))
                    }
                } else {
                    child = .success(.optional(nil))
                }
            case .many(let p):
                // Its own initializer's `many` leaves the component out.
                let others = all(of: .proto(p), parentOnly: parentOnly).filter {
                    $0.spec.index != component.spec.index
                }
                child = makeAll(others, chain: chain, parentOnly: parentOnly).map(Child.many)
            case .taggedMany(let p):
                // With a tag: the components carrying that tag, still never itself.
                let key = ModelKey(face: .proto(p), qualifier: .tag(0))
                let tagged = (parentOnly ? self.parent : self.parent + self.child).filter {
                    $0.spec.keys.contains(key) && $0.spec.index != component.spec.index
                }
                child = makeAll(tagged, chain: chain, parentOnly: parentOnly).map(Child.many)
            }
            switch child {
            case .success(let value): children.append(value)
            case .failure(let failure): return .failure(failure)
            }
        }
        return .success(Node(spec: component.spec.index, children: children))
    }

    private func makeAll(_ components: [Loaded], chain: [Int], parentOnly: Bool = false) -> Result<[Node], ModelFailure>
    {
        var nodes: [Node] = []
        for component in components {
            switch make(component, chain: chain, parentOnly: parentOnly) {
            case .success(let node): nodes.append(node)
            case .failure(let failure): return .failure(failure)
            }
        }
        return .success(nodes)
    }

    private static func require(_ choice: Choice) -> Result<Loaded, ModelFailure> {
        switch choice {
        case .one(let component): .success(component)
        case .none: .failure(ModelFailure(kind: .notRegistered))
        case .ambiguous: .failure(ModelFailure(kind: .ambiguous))
        }
    }

    /// The answer to a top-level request.
    func answer(_ ask: Ask) -> Answer {
        if ask.many {
            switch makeAll(all(of: ask.face), chain: []) {
            case .success(let nodes): return .many(nodes)
            case .failure(let failure): return .failed(failure.kind)
            }
        }
        let choice = choose(ModelKey(face: ask.face, qualifier: ask.qualifier), framework: ask.from)
        switch Self.require(choice).flatMap({ make($0, chain: []) }) {
        case .success(let node): return .value(node)
        case .failure(let failure) where ask.optional && failure.kind != .cycle: return .nothing
        case .failure(let failure): return .failed(failure.kind)
        }
    }

    /// The lifetime of registration `index`.
    func life(of index: Int) -> Life { scenario.specs[index].life }
}
