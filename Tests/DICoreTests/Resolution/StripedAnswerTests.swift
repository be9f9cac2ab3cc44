import DICore
import TestSupport
import Testing

// Threads remember their answers in their own stripe of the container's answer cache. What a
// user sees must be the same as with one shared table: a registration changes every
// thread's next answer, and a clean lets go of an instance every thread remembered.

private protocol SAService: Sendable {}

private final class SAReal: SAService {}

private final class SAStub: SAService {}

private final class SACache: Sendable {}

@Suite struct StripedAnswerTests {
    /// Every thread remembers the real service, then an override is registered: each
    /// thread's next resolve answers with the override.
    @Test func aRegistrationChangesEveryThreadsNextAnswer() async {
        let container = DIContainer()
        container.register(SAReal.init).as((any SAService).self)
        let wrong = Counter()
        let finished = await race(
            rounds: 2,
            threads: 8,
            prepare: { round in
                if round == 1 { container.register(SAStub.init).as((any SAService).self).test() }
                return round
            },
            { round, _ in
                for _ in 0..<50 {
                    let service: any SAService = container.resolve()
                    if (round == 0 && !(service is SAReal)) || (round == 1 && !(service is SAStub)) {
                        wrong.increment()
                    }
                }
            }
        )
        #expect(finished)
        #expect(wrong.value == 0)
    }

    /// Every thread remembers the same cached instance; a clean lets go of it everywhere.
    @Test func aCleanLetsGoOfAnInstanceEveryThreadRemembered() async {
        let container = DIContainer()
        container.register(SACache.init).lifetime(.perContainer(.single))
        let first: SACache = await container.resolve()
        weak let remembered = first
        let expected = ObjectIdentifier(first)
        let others = Counter()
        let finished = await race(threads: 8) { _ in
            for _ in 0..<50 {
                let cache: SACache = container.resolve()
                if ObjectIdentifier(cache) != expected { others.increment() }
            }
        }
        #expect(finished)
        #expect(others.value == 0)
        _ = consume first
        container.clean()
        #expect(remembered == nil)
        let next: SACache = await container.resolve()
        #expect(next !== remembered)
    }
}
