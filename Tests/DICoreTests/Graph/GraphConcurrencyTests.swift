import DICore
import Foundation
import TestSupport
import Testing

private final class GCNode: Sendable {}

@Suite struct GraphConcurrencyTests {
    /// A graph is drawn from the registry as it was at one moment. Drawing and validating,
    /// and a `clean()` that reports stale holders to an observer (which draws one too), run
    /// while other threads register and resolve: none of them fails, and the last graph
    /// has every registration.
    @Test func graphsDrawnWhileOthersRegisterSeeTheRegistryAtOneMoment() async {
        let registering = 4
        let perThread = 25
        await race(
            rounds: 10,
            threads: 2 * registering,
            prepare: { _ in
                let container = DIContainer()
                container.addObserver(DiagnosticLog())
                return container
            },
            { container, index in
                var seen = 0
                for number in 0..<perThread {
                    if index.isMultiple(of: 2) {
                        let name = "\(index)-\(number)"
                        container.register(GCNode.init).as(GCNode.self, name: name).lifetime(.perContainer(.single))
                        let node: GCNode? = container.resolve(name: name)
                        #expect(node != nil)
                    } else {
                        // Registrations only add: a later graph has at least as many components.
                        let graph = container.makeGraph()
                        #expect(graph.vertices.count >= seen)
                        seen = graph.vertices.count
                        #expect(!graph.validate().contains { $0.severity == .error })
                        container.clean()
                    }
                    heartbeat()
                }
            },
            check: { container in
                container.makeGraph().vertices.count == 2 * registering * perThread / 2
            }
        )
    }
}
