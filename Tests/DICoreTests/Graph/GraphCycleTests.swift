import DICore
import DILazy
import Testing

private final class GCParent {
    init(child: GCChild) {}
}
private final class GCChild {
    var parent: GCParent?
    init() {}
    init(parent: GCParent) {}
}
private final class GCLazyParent {
    let child: GCLazyChild
    init(child: GCLazyChild) { self.child = child }
}
private final class GCLazyChild {
    init(parent: Lazy<GCLazyParent>) {}
}
private final class GCProviderParent {
    init(child: GCProviderChild) {}
}
private final class GCProviderChild {
    init(parent: Provider<GCProviderParent>) {}
}
private final class GCPropertyParent {
    var child: GCPropertyChild?
}
private final class GCPropertyChild {
    init(parent: GCPropertyParent) {}
}

@Suite struct GraphCycleTests {
    private func cycleErrors(_ container: DIContainer) -> [DIDiagnostic] {
        container.makeGraph().validate().filter { $0.kind == .cycle }
    }

    @Test func anInitializerOnlyCycleIsAnErrorNamingTheLoop() throws {
        let container = DIContainer()
        container.register(GCParent.init).lifetime(.objectGraph)
        container.register(GCChild.init(parent:)).lifetime(.objectGraph)
        let found = cycleErrors(container)
        let diagnostic = try #require(found.first)
        #expect(found.count == 1)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.path == ["GCParent", "GCChild", "GCParent"])
        #expect(!container.makeGraph().checkIsValid())
        #expect(container.makeGraph().checkIsValid(checkGraphCycles: false))
        let cycles = container.makeGraph().findCycles()
        #expect(cycles.map(\.types) == [["GCParent", "GCChild"]])
        #expect(cycles.first?.isBreakable == false)
    }

    @Test func aCycleOfPrototypesIsAnErrorEvenWithACycleInjection() throws {
        let container = DIContainer()
        container.register(GCParent.init)
        container.register { GCChild() }.injection(cycle: true, \.parent)
        let found = cycleErrors(container)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("only of prototypes") == true)
    }

    @Test func aPropertyInjectionOnAPrototypeDoesNotBreakACycle() {
        let container = DIContainer()
        container.register(GCPropertyParent.init).injection(\.child)
        container.register(GCPropertyChild.init)
        #expect(cycleErrors(container).count == 1)
    }

    /// Validation words such a loop as the resolve's error does, with advice that works:
    /// only prototypes, it never closes; with a cached member, it needs that member early.
    @Test(arguments: [DILifeTime.prototype, .perContainer(.single)])
    func aLoopClosedByAPrototypesInjectionIsWordedAsTheResolveWordsIt(child: DILifeTime) throws {
        let container = DIContainer()
        container.register(GCPropertyParent.init).injection(\.child)
        container.register(GCPropertyChild.init).lifetime(child)
        let diagnostic = try #require(cycleErrors(container).first)
        #expect(!diagnostic.message.contains("initializer cycle"), "\(diagnostic.message)")
        let error = #expect(throws: DIError.self) { let _: GCPropertyParent = try container.tryResolve() }
        #expect(error?.kind == .cycle)
        if child == .prototype {
            #expect(diagnostic.message.contains("made only of prototypes"))
            #expect(error?.reason.contains("made only of prototypes") == true)
        } else {
            #expect(diagnostic.message.contains("before its initializer returns (mark the injection that closes it"))
            #expect(error?.reason.contains("before its initializer returns") == true)
            // The advice works.
            let fixed = DIContainer()
            fixed.register(GCPropertyParent.init).injection(cycle: true, \.child)
            fixed.register(GCPropertyChild.init).lifetime(child)
            #expect(cycleErrors(fixed).isEmpty)
            let _: GCPropertyParent = fixed.resolve()
        }
    }

    @Test func cyclesBrokenEachLegalWayAreValidAndResolve() {
        let container = DIContainer()
        // `cycle:` injection over objectGraph.
        container.register(GCParent.init).lifetime(.objectGraph)
        container.register { GCChild() }.lifetime(.objectGraph).injection(cycle: true, \.parent)
        // Lazy, all prototypes.
        container.register(GCLazyParent.init)
        container.register(GCLazyChild.init)
        // Provider, all prototypes.
        container.register(GCProviderParent.init)
        container.register(GCProviderChild.init)
        // (A plain property injection on an objectGraph component closes a loop only when the
        // resolve starts on its side: see `aPlainPropertyInjectionWorksFromItsOwnSideOnly`.)

        let graph = container.makeGraph()
        #expect(graph.validate().isEmpty)
        #expect(graph.checkIsValid())
        let cycles = graph.findCycles()
        #expect(cycles.count == 3)
        #expect(cycles.allSatisfy { $0.isBreakable })
        #expect(
            cycles.map(\.types) == [
                ["GCParent", "GCChild"], ["GCLazyParent", "GCLazyChild"],
                ["GCProviderParent", "GCProviderChild"],
            ]
        )
        #expect(cycles.first?.description == "GCParent → GCChild → GCParent (broken)")
        // The resolver agrees: each of them builds.
        let _: GCParent = container.resolve()
        let _: GCLazyParent = container.resolve()
        let _: GCProviderParent = container.resolve()
    }

    @Test func aPlainPropertyInjectionWorksFromItsOwnSideOnly() throws {
        let container = DIContainer()
        container.register(GCPropertyParent.init).lifetime(.objectGraph).injection(\.child)
        container.register(GCPropertyChild.init).lifetime(.objectGraph)
        let graph = container.makeGraph()
        #expect(!graph.checkIsValid())
        let cycle = try #require(graph.findCycles().first)
        #expect(!cycle.isBreakable)
        let child = try #require(graph.vertices.first { $0.typeName == "GCPropertyChild" })
        #expect(cycle.failingMembers == [child.id])
        let _: GCPropertyParent = container.resolve()
        #expect(throws: DIError.self) { try container.tryResolve() as GCPropertyChild }
    }

    @Test func aComponentNeedingItselfIsACycle() {
        let container = DIContainer()
        container.register { (_: GCSelf) in GCSelf() }.lifetime(.perContainer(.single))
        let cycles = container.makeGraph().findCycles()
        #expect(cycles.map(\.types) == [["GCSelf"]])
        #expect(cycleErrors(container).count == 1)
    }

    /// A step through an alias reads as in the resolve's error: `GCBack as GCBackward`.
    @Test func aLoopThroughAnAliasNamesItAsTheResolveDoes() throws {
        let container = DIContainer()
        container.register(GCFront.init)
        container.register(GCBack.init).as(GCBackward.self)
        let diagnostic = try #require(cycleErrors(container).first)
        let error = #expect(throws: DIError.self) { let _: GCFront = try container.tryResolve() }
        #expect(diagnostic.path == ["GCFront", "GCBack as GCBackward", "GCFront"])
        #expect(error?.path == diagnostic.path)
    }

    /// Two components of one type in a loop: the message says which is which.
    @Test func aLoopThroughTwoComponentsOfOneTypeNamesEachByItsLine() throws {
        let container = DIContainer()
        let first = #line + 1
        container.register(GCTwin.init) { by(name: "second", on: $0) }.as(GCTwin.self, name: "first")
        let second = #line + 1
        container.register(GCTwin.init) { by(name: "first", on: $0) }.as(GCTwin.self, name: "second")
        let diagnostic = try #require(cycleErrors(container).first)
        #expect(diagnostic.path == ["GCTwin", "GCTwin (name: \"second\")", "GCTwin (name: \"first\")"])
        let location = try #require(container.makeGraph().vertices.first?.info.file)
        for line in [first, second] {
            #expect(diagnostic.message.contains("GCTwin at \(location):\(line)"))
        }
    }
}

private final class GCSelf {}

private final class GCTwin {
    let next: GCTwin
    init(next: GCTwin) { self.next = next }
}

private protocol GCBackward {}

private final class GCFront {
    init(back: any GCBackward) {}
}

private final class GCBack: GCBackward {
    init(front: GCFront) {}
}
