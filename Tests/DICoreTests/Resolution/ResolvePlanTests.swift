import DICore
import DILazy
import Foundation
import Testing

// The resolve plan (issue 27): a resolve follows the plan of the component it starts at,
// made once per registry version. What a user observes must not depend on it: one
// `objectGraph` instance per resolve however it is reached (a settled parameter, an
// `Optional`, a `Lazy` that shares the graph), the component a parameter gets after any
// later registration, a child container's own answers, and the reason a rule picked a
// parameter's component, reported on every observed resolve.

private final class RPShared: Sendable {}

private final class RPLeaf: Sendable {
    let shared: RPShared
    init(shared: RPShared) { self.shared = shared }
}

private final class RPRoot: Sendable {
    let shared: RPShared
    let leaf: RPLeaf
    let optionalLeaf: RPLeaf?
    init(shared: RPShared, leaf: RPLeaf, optionalLeaf: RPLeaf?) {
        self.shared = shared
        self.leaf = leaf
        self.optionalLeaf = optionalLeaf
    }
}

private final class RPLazyRoot: Sendable {
    let shared: RPShared
    let leaf: Lazy<RPLeaf>
    init(shared: RPShared, leaf: Lazy<RPLeaf>) {
        self.shared = shared
        self.leaf = leaf
    }
}

private final class RPLazyFirst: Sendable {
    let leaf: Lazy<RPLeaf>
    let shared: RPShared
    init(leaf: Lazy<RPLeaf>, shared: RPShared) {
        self.leaf = leaf
        self.shared = shared
    }
}

/// A node of a chain: each takes the one below and the shared object.
private final class RPNode: Sendable {
    let next: RPNode?
    let shared: RPShared
    init(next: RPNode?, shared: RPShared) {
        self.next = next
        self.shared = shared
    }
}

private protocol RPStore: AnyObject, Sendable { var label: String { get } }
private final class RPDisk: RPStore { let label = "disk" }
private final class RPMemory: RPStore { let label = "memory" }

private final class RPLabel: Sendable {
    let text: String
    init(_ text: String) { self.text = text }
}

private final class RPBadge: Sendable {
    let label: RPLabel
    init(label: RPLabel) { self.label = label }
}

private final class RPClient: Sendable {
    let store: any RPStore
    init(store: any RPStore) { self.store = store }
}

private final class RPEndpoint: Sendable {
    let url: String
    init(url: String) { self.url = url }
}

private final class RPDiagnostics: DIObserver, @unchecked Sendable {
    // @unchecked Sendable: `kinds` is only touched under `lock`.
    private let lock = NSLock()
    private var kinds: [DIDiagnostic.Kind] = []
    func receive(_ event: DIEvent) {
        guard let diagnostic = event.diagnostic else { return }
        lock.withLock { kinds.append(diagnostic.kind) }
    }
    var all: [DIDiagnostic.Kind] { lock.withLock { kinds } }
}

@Suite struct ResolvePlanTests {
    private func graphContainer() -> DIContainer {
        let container = DIContainer()
        container.register(RPShared.init).lifetime(.objectGraph)
        container.register(RPLeaf.init).lifetime(.objectGraph)
        container.register(RPRoot.init)
        return container
    }

    @Test func anObjectGraphInstanceReachedThroughAnOptionalIsTheSettledParametersOne() {
        let container = graphContainer()
        for _ in 0..<3 {
            let root: RPRoot = container.resolve()
            #expect(root.leaf.shared === root.shared)
            #expect(root.optionalLeaf === root.leaf)
        }
        let first: RPRoot = container.resolve()
        let second: RPRoot = container.resolve()
        #expect(first.shared !== second.shared)
    }

    @Test func aLazyHandedOutAfterAnInstanceWasMadeSharesIt() {
        let container = DIContainer()
        container.register(RPShared.init).lifetime(.objectGraph)
        container.register(RPLeaf.init).lifetime(.objectGraph)
        container.register(RPLazyRoot.init)
        container.register(RPLazyFirst.init)
        for _ in 0..<3 {
            let root: RPLazyRoot = container.resolve()
            #expect(root.leaf.value.shared === root.shared)
            let other: RPLazyFirst = container.resolve()
            #expect(other.leaf.value.shared === other.shared)
            #expect(other.shared !== root.shared)
        }
    }

    @Test func aLongChainSharesOneInstancePerResolve() {
        let container = DIContainer()
        container.register(RPShared.init).lifetime(.objectGraph)
        // 40 node types would need 40 classes; one class in 40 named components does too:
        // a chain through names, each node its own registration.
        container.register { (shared: RPShared) in RPNode(next: nil, shared: shared) }
            .as(RPNode.self, name: "0")
        for level in 1..<40 {
            container.register({ (next: RPNode, shared: RPShared) in RPNode(next: next, shared: shared) }) {
                by(name: "\(level - 1)", on: $0)
            }
            .as(RPNode.self, name: "\(level)")
        }
        container.register({ (top: RPNode) in RPRootOfChain(top: top) }) { by(name: "39", on: $0) }
        let first: RPRootOfChain = container.resolve()
        let second: RPRootOfChain = container.resolve()
        #expect(first.nodes.count == 40)
        #expect(first.nodes.allSatisfy { $0.shared === first.nodes[0].shared })
        #expect(second.nodes.allSatisfy { $0.shared === second.nodes[0].shared })
        #expect(first.nodes[0].shared !== second.nodes[0].shared)
    }

    @Test func aRegistrationAfterTheFirstResolveChangesWhatAParameterGets() {
        let container = DIContainer()
        container.register(RPDisk.init).as((any RPStore).self)
        container.register(RPClient.init)
        let before: RPClient = container.resolve()
        #expect(before.store.label == "disk")
        container.register(RPMemory.init).as((any RPStore).self).test()
        let after: RPClient = container.resolve()
        #expect(after.store.label == "memory")
    }

    @Test func aChildContainerAnswersAParameterWithItsOwnRegistration() {
        let parent = DIContainer()
        parent.register(RPDisk.init).as((any RPStore).self)
        parent.register(RPClient.init)
        let child = DIContainer(parent: parent)
        child.register(RPMemory.init).as((any RPStore).self)
        let fromParent: RPClient = parent.resolve()
        let fromChild: RPClient = child.resolve()
        let fromParentAgain: RPClient = parent.resolve()
        #expect(fromParent.store.label == "disk")
        #expect(fromChild.store.label == "memory")
        #expect(fromParentAgain.store.label == "disk")
    }

    @Test(arguments: [false, true])
    func aNamedParameterGetsTheNamedComponentBesideAnUnnamedOne(observed: Bool) {
        let container = DIContainer()
        if observed { container.addObserver(RPDiagnostics()) }
        container.register { "https://unnamed.example" }
        container.register { "https://named.example" }.as(String.self, name: "baseURL")
        container.register(RPEndpoint.init(url:)) { by(name: "baseURL", on: $0) }
        for _ in 0..<2 {
            let endpoint: RPEndpoint = container.resolve()
            #expect(endpoint.url == "https://named.example")
        }
    }

    /// The same, for a parameter of exactly the registered type, whose compiled step the
    /// factory calls in place: the note comes with every resolve that a rule picked, and
    /// none where there is one candidate.
    @Test func aParameterARulePickedIsNotedOnEveryCompiledResolveAndOnlyThen() {
        let picked = DIContainer()
        picked.register { RPLabel("plain") }
        picked.register { RPLabel("preferred") }.default()
        picked.register(RPBadge.init)
        let only = DIContainer()
        only.register { RPLabel("plain") }
        only.register(RPBadge.init)
        let pickedNotes = RPDiagnostics()
        let onlyNotes = RPDiagnostics()
        picked.addObserver(pickedNotes)
        only.addObserver(onlyNotes)
        for round in 1...3 {
            let badge: RPBadge = picked.resolve()
            #expect(badge.label.text == "preferred")
            #expect(pickedNotes.all == Array(repeating: .resolvedByPriority, count: round))
            let plain: RPBadge = only.resolve()
            #expect(plain.label.text == "plain")
            #expect(onlyNotes.all.isEmpty)
        }
    }

    @Test func everyObservedResolveReportsWhyAParameterGotItsComponent() throws {
        let container = DIContainer()
        container.register(RPDisk.init).as((any RPStore).self)
        container.register(RPMemory.init).as((any RPStore).self).default()
        container.register(RPClient.init)
        let diagnostics = RPDiagnostics()
        container.addObserver(diagnostics)
        for round in 1...3 {
            let client: RPClient = container.resolve()
            #expect(client.store.label == "memory")
            #expect(diagnostics.all == Array(repeating: .resolvedByPriority, count: round))
        }
    }
}

/// The top of a chain of ``RPNode``s, which lists them.
private final class RPRootOfChain: Sendable {
    let nodes: [RPNode]
    init(top: RPNode) {
        var nodes: [RPNode] = []
        var node: RPNode? = top
        while let current = node {
            nodes.append(current)
            node = current.next
        }
        self.nodes = nodes
    }
}
