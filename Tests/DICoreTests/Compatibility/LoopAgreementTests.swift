import DICore
import Testing

// Validation answers what the resolver does, for every member of every loop (issue 19, item 4).

// The optional references are weak: a resolved loop must not leak (CI runs LeakSanitizer).
private final class LoopA {
    let b: LoopB
    weak var c: LoopC?
    init(b: LoopB) { self.b = b }
}

private final class LoopB {
    weak var a: LoopA?
    weak var c: LoopC?
    init() {}
    init(c: LoopC) { self.c = c }
}

private final class LoopC {
    weak var a: LoopA?
    weak var b: LoopB?
    init() {}
    init(b: LoopB) { self.b = b }
}

/// One wiring with a loop, and how to resolve each of its types.
struct LoopScenario: CustomTestStringConvertible, Sendable {
    let name: String
    /// The types whose resolve fails (what the scenario was written for; the test checks it).
    let failing: Set<String>
    let register: @Sendable (DIContainer) -> Void
    var testDescription: String { name }

    init(name: String, failing: Set<String>, _ register: @escaping @Sendable (DIContainer) -> Void) {
        self.name = name
        self.failing = failing
        self.register = register
    }

    static let all: [LoopScenario] = [
        LoopScenario(name: "objectGraph, closed by an injection", failing: ["LoopA"]) { container in
            container.register(LoopA.init).lifetime(.objectGraph)
            container.register { LoopB() }.lifetime(.objectGraph).injection(\.a)
        },
        LoopScenario(name: "perContainer, closed by an injection", failing: ["LoopA"]) { container in
            container.register(LoopA.init).lifetime(.perContainer(.single))
            container.register { LoopB() }.lifetime(.perContainer(.single)).injection(\.a)
        },
        LoopScenario(name: "three members, one injection", failing: ["LoopA", "LoopB"]) { container in
            container.register(LoopA.init).lifetime(.objectGraph)
            container.register { LoopB(c: $0) }.lifetime(.objectGraph)
            container.register { LoopC() }.lifetime(.objectGraph).injection(\.a)
        },
        LoopScenario(name: "injections only", failing: []) { container in
            container.register { LoopB() }.lifetime(.objectGraph).injection(\.c)
            container.register { LoopC() }.lifetime(.objectGraph).injection(\.b)
        },
        LoopScenario(name: "closed by a cycle: injection", failing: []) { container in
            container.register(LoopA.init).lifetime(.objectGraph)
            container.register { LoopB() }.lifetime(.objectGraph).injection(cycle: true, \.a)
        },
        LoopScenario(name: "the injecting side is a prototype", failing: ["LoopA", "LoopB"]) { container in
            container.register(LoopA.init).lifetime(.objectGraph)
            container.register { LoopB() }.injection(\.a)
        },
        LoopScenario(name: "initializers only", failing: ["LoopB", "LoopC"]) { container in
            container.register { LoopB(c: $0) }.lifetime(.objectGraph)
            container.register { LoopC(b: $0) }.lifetime(.objectGraph)
        },
    ]
}

@Suite struct LoopAgreementTests {
    /// Resolves the member named `typeName` in a fresh container; whether it worked.
    private func resolves(_ typeName: String, _ scenario: LoopScenario) -> Bool {
        let container = DIContainer()
        scenario.register(container)
        do {
            switch typeName {
            case "LoopA": _ = try container.tryResolve() as LoopA
            case "LoopB": _ = try container.tryResolve() as LoopB
            default: _ = try container.tryResolve() as LoopC
            }
            return true
        } catch {
            #expect(error.kind == .cycle)
            return false
        }
    }

    @Test(arguments: LoopScenario.all)
    func validationAgreesWithTheResolverForEveryMember(_ scenario: LoopScenario) throws {
        let container = DIContainer()
        scenario.register(container)
        let graph = container.makeGraph()
        let cycles = graph.findCycles()
        #expect(!cycles.isEmpty)
        for cycle in cycles {
            for member in cycle.members {
                let typeName = try #require(graph.vertex(id: member)?.typeName)
                let works = resolves(typeName, scenario)
                #expect(works == !cycle.failingMembers.contains(member), "\(typeName) in \(cycle)")
                #expect(works == !scenario.failing.contains(typeName), "\(typeName)")
            }
            #expect(cycle.isBreakable == cycle.failingMembers.isEmpty)
        }
        #expect(graph.checkIsValid(checkGraphCycles: true) == scenario.failing.isEmpty)
    }

    @Test func theDiagnosticNamesTheMembersThatFailAndThoseThatWork() throws {
        let container = DIContainer()
        LoopScenario.all[0].register(container)
        let problem = try #require(container.makeGraph().validate().first { $0.kind == .cycle })
        #expect(problem.severity == .error)
        #expect(problem.message.contains("resolving LoopA fails"))
        #expect(problem.message.contains("resolving LoopB works"))
        #expect(problem.message.contains("cycle: true"))
    }
}
