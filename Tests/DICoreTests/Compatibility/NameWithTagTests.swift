import DICore
import TestSupport
import Testing

// A name given to a tagged request asks for a component that carries both, as in
// DITranquillity, and validation reads the request as the resolve does.

private protocol Store: AnyObject {
    var label: String { get }
}

private final class LabeledStore: Store {
    let label: String
    init(label: String) { self.label = label }
}

private enum Remote {}

private final class StoreUser {
    let store: any Store
    var injected: (any Store)?
    init(store: any Store) { self.store = store }
}

/// A user of the remote store its registration names.
@Sendable private func remoteUser(_ store: DIByTag<Remote, any Store>) -> StoreUser {
    StoreUser(store: by(tag: Remote.self, on: store))
}

@Suite struct NameWithTagTests {
    /// `both` is remote and named "main"; `tagged` remote only; `named` named "main" only.
    private func stores() -> DIContainer {
        let container = DIContainer()
        container.register { LabeledStore(label: "tagged") }.as((any Store).self, tag: Remote.self)
        container.register { LabeledStore(label: "both") }
            .as((any Store).self, tag: Remote.self)
            .as((any Store).self, name: "main")
        container.register { LabeledStore(label: "named") }.as((any Store).self, name: "main")
        return container
    }

    @Test func aNamedTaggedParameterGetsTheComponentWithBoth() {
        let container = stores()
        container.register(remoteUser) { by(name: "main", on: $0) }
        let user: StoreUser = *container
        #expect(user.store.label == "both")
        #expect(container.makeGraph().validate().filter { $0.severity == .error }.isEmpty)
    }

    @Test func aNamedTaggedPropertyGetsTheComponentWithBoth() {
        let container = stores()
        container.register { StoreUser(store: LabeledStore(label: "own")) }
            .injection(name: "main", \.injected) { by(tag: Remote.self, on: $0) }
        let user: StoreUser = *container
        #expect(user.injected?.label == "both")
        #expect(container.makeGraph().validate().filter { $0.severity == .error }.isEmpty)
    }

    @Test func aNamedTaggedResolveGetsTheComponentWithBoth() {
        let container = stores()
        let store: any Store = by(tag: Remote.self, on: container.resolve(name: "main"))
        #expect(store.label == "both")
    }

    /// Only the tag or only the name is not enough: the resolve fails, naming both, and
    /// validation reports the same request missing.
    @Test(arguments: ["tagged", "named"])
    func aComponentWithOnlyOneOfThemDoesNotAnswer(_ only: String) {
        let container = DIContainer()
        if only == "tagged" {
            container.register { LabeledStore(label: only) }.as((any Store).self, tag: Remote.self)
        } else {
            container.register { LabeledStore(label: only) }.as((any Store).self, name: "main")
        }
        container.register(remoteUser) { by(name: "main", on: $0) }
        let error = resolveError(StoreUser.self) { () throws(DIError) in try container.tryResolve() }
        #expect(error?.kind == .notRegistered)
        #expect(error?.description.contains(#"Store (name: "main", tag: Remote)"#) == true)
        let diagnostics = container.makeGraph().validate().filter { $0.severity == .error }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains(#"Store (name: "main", tag: Remote)"#) == true)
    }

    @Test func anOptionalNamedTaggedParameterIsNilWithoutTheComponent() {
        let container = DIContainer()
        container.register { LabeledStore(label: "tagged") }.as((any Store).self, tag: Remote.self)
        container.register({ (store: DIByTag<Remote, any Store>?) in
            StoreUser(store: store.map { by(tag: Remote.self, on: $0) } ?? LabeledStore(label: "fallback"))
        }) { by(name: "main", on: $0) }
        let user: StoreUser = *container
        #expect(user.store.label == "fallback")
    }

    /// The graph's edge says both, and its pictures label it as errors spell the request.
    @Test func theGraphEdgeCarriesTheNameAndTheTag() throws {
        let container = stores()
        container.register(remoteUser) { by(name: "main", on: $0) }
        let graph = container.makeGraph()
        let edge = try #require(graph.edges.first { $0.request.contains("Store") })
        #expect(edge.name == "main")
        #expect(edge.tag == "Remote")
        #expect(edge.tags == ["Remote"])
        #expect(graph.dot().contains(#"name: \"main\", tag: Remote"#))
    }
}
