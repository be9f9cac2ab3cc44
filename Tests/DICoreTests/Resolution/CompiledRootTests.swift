import DICore
import DILazy
import TestSupport
import Testing

// The root of a compiled plain resolve (issue 27): an `objectGraph` root is kept in the
// resolve's private graph only while something can still ask for it there. Whatever asks
// after the root is made must get that root, in every round: the first resolve follows
// the plan, the second compiles it, the rest run it compiled.

private final class CRParent: @unchecked Sendable {
    let child: CRChild
    init(child: CRChild) { self.child = child }
}

/// Gets its parent through a `cycle:` injection, run at the end of the resolve.
private final class CRChild: @unchecked Sendable {
    var parent: CRParent?
}

private final class CRSelfLazy: @unchecked Sendable {
    /// Let go by the test once read: the root and its own `Lazy` keep each other alive.
    var later: Lazy<CRSelfLazy>?
    init(later: Lazy<CRSelfLazy>) { self.later = later }
}

private final class CRLeaf: Sendable {}

private final class CRRoot: Sendable {
    let leaf: CRLeaf
    init(leaf: CRLeaf) { self.leaf = leaf }
}

/// Resolves a `CRRoot` when told that one was made: observers run inside the resolve.
private final class CRResolvingObserver: DIObserver {
    let container: DIContainer
    let roots = Collected<CRRoot>()
    init(_ container: DIContainer) { self.container = container }

    func receive(_ event: DIEvent) {
        guard event.kind == .made, event.component?.type == CRRoot.self else { return }
        let root: CRRoot = container.resolve()
        roots.append(root)
    }
}

@Suite struct CompiledRootTests {
    @Test func theCycleInjectionsLeftForTheEndGetTheRootTheResolveMade() {
        let container = DIContainer()
        container.register(CRParent.init).lifetime(.objectGraph)
        container.register(CRChild.init).lifetime(.objectGraph).injection(cycle: true, \.parent)
        var parents: [CRParent] = []
        for round in 0..<4 {
            let parent: CRParent = container.resolve()
            #expect(parent.child.parent === parent, "round \(round)")
            parents.append(parent)
        }
        #expect(parents[2] !== parents[3], "an objectGraph root is made per resolve")
        // Break the cycles the test made on purpose, so nothing leaks.
        for parent in parents { parent.child.parent = nil }
    }

    @Test func aLazyOfTheRootItselfGetsTheRootTheResolveMade() {
        let container = DIContainer()
        container.register(CRSelfLazy.init).lifetime(.objectGraph)
        for round in 0..<4 {
            let root: CRSelfLazy = container.resolve()
            #expect(root.later?.value === root, "round \(round)")
            // Break the cycle the test made on purpose, so nothing leaks.
            root.later = nil
        }
    }

    /// An observer's code runs inside the resolve it watches, so a resolve it makes joins
    /// that resolve and shares its graph, root included.
    @Test func anObserverResolvingTheRootWhenItIsMadeGetsTheRootTheResolveMade() {
        let container = DIContainer()
        container.register(CRLeaf.init).lifetime(.objectGraph)
        container.register(CRRoot.init).lifetime(.objectGraph)
        let observer = CRResolvingObserver(container)
        container.addObserver(observer)
        defer { container.removeObserver(observer) }
        var roots: [CRRoot] = []
        for _ in 0..<4 {
            roots.append(container.resolve())
        }
        let seen = observer.roots.values
        // Each outer resolve reports its root made, and so does no resolve the observer
        // makes (it finds the outer root in the shared graph).
        #expect(seen.count == roots.count)
        for (round, (root, found)) in zip(roots, seen).enumerated() {
            #expect(found === root, "round \(round)")
        }
    }

    /// Nothing else asks for a plain request's root once it is made: the caller holds the
    /// only reference, and letting go of it frees the whole graph.
    @Test func aCompiledRootIsFreedWithItsGraphWhenTheCallerLetsGo() {
        let container = DIContainer()
        container.register(CRLeaf.init).lifetime(.objectGraph)
        container.register(CRRoot.init).lifetime(.objectGraph)
        for round in 0..<4 {
            weak var root: CRRoot?
            weak var leaf: CRLeaf?
            do {
                let made: CRRoot = container.resolve()
                root = made
                leaf = made.leaf
                #expect(root != nil && leaf != nil)
            }
            #expect(root == nil && leaf == nil, "round \(round)")
        }
    }
}
