import DICore
import Testing

private final class MWChicken {
    init(egg: MWEgg) {}
}
private final class MWEgg {
    init(chicken: MWChicken) {}
}

/// Error texts say each thing once.
@Suite struct MessageWordingTests {
    @Test func aCycleMessagePrintsItsChainOnce() {
        let container = DIContainer()
        container.register(MWChicken.init)
        container.register(MWEgg.init)
        do {
            let _: MWChicken = try container.tryResolve()
            Issue.record("resolved")
        } catch {
            #expect(error.kind == .cycle)
            let chain = "MWChicken → MWEgg → MWChicken"
            #expect(error.description.ranges(of: chain).count == 1)
        }
    }
}
