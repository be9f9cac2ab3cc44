import DICore
import TestSupport
import Testing

// A clean drops instances, not the choices requests made: after it, a container still knows
// which component answers a request (and runs its compiled plan), but never hands out a
// dropped instance, and a registration made after the clean still changes the answer.

private protocol ACService: Sendable {}

private final class ACReal: ACService {}

private final class ACStub: ACService {}

private final class ACSession: Sendable {}

private final class ACCart: Sendable {}

@Suite struct AnswersAcrossCleansTests {
    /// A remembered choice survives a clean; the registration that follows still retires it.
    @Test(arguments: [false, true])
    func aRegistrationAfterACleanChangesTheAnswer(cleaningAScope: Bool) {
        let container = DIContainer()
        let scope = DIScope(name: "screen")
        container.register(ACReal.init).as((any ACService).self).lifetime(.objectGraph)
        // Resolved twice: the second resolve runs the compiled plan.
        for _ in 0..<2 {
            let service: any ACService = container.resolve()
            #expect(service is ACReal)
        }
        if cleaningAScope { scope.clean() } else { container.clean() }
        let afterClean: any ACService = container.resolve()
        #expect(afterClean is ACReal)
        container.register(ACStub.init).as((any ACService).self).lifetime(.objectGraph).test()
        for _ in 0..<2 {
            let service: any ACService = container.resolve()
            #expect(service is ACStub)
        }
    }

    /// The instances a container does not remember as answers, only their components: a
    /// `.weak` one, whose container's clean drops it although the app still holds it, and a
    /// scope's, which the scope's clean drops. The next resolve after the clean makes a new one.
    @Test(arguments: [false, true])
    func anInstanceRememberedByItsComponentIsMadeAgainAfterItsClean(inAScope: Bool) {
        let scope = DIScope(name: "session")
        let container = DIContainer()
        container.register(ACSession.init).lifetime(inAScope ? .custom(scope) : .perContainer(.weak))
        let first: ACSession = container.resolve()
        let again: ACSession = container.resolve()
        #expect(first === again)
        if inAScope { scope.clean() } else { container.clean() }
        let afterClean: ACSession = container.resolve()
        #expect(afterClean !== first)
    }

    /// After a scope's clean, the first new answer remembered keeps the container's other
    /// choices but none of the instances the clean dropped.
    @Test func anAnswerRememberedAfterACleanBringsNoDroppedInstanceBack() {
        let scope = DIScope(name: "session")
        let container = DIContainer()
        container.register(ACSession.init).lifetime(.custom(scope))
        container.register(ACCart.init).lifetime(.custom(scope))
        let session: ACSession = container.resolve()
        let cart: ACCart = container.resolve()
        scope.clean()
        let newSession: ACSession = container.resolve()
        let newCart: ACCart = container.resolve()
        #expect(newSession !== session)
        #expect(newCart !== cart)
    }

    /// Threads resolve while each round starts with a clean, and one round with an override:
    /// every answer is the one the registrations of its round give, and every thread of a
    /// round shares the round's one cached instance, a new one each round.
    @Test func threadsGetTheRightAnswersAcrossCleansAndARegistration() async {
        let container = DIContainer()
        container.register(ACReal.init).as((any ACService).self).lifetime(.objectGraph)
        container.register(ACSession.init).lifetime(.perContainer(.single))
        let overrideRound = 3
        let wrong = Counter()
        // The instances themselves, kept alive: a freed one's address may be reused.
        let seen = LockedValue<[Int: [ACSession]]>([:])
        let finished = await race(
            rounds: 6,
            threads: 8,
            prepare: { round in
                container.clean()
                if round == overrideRound {
                    container.register(ACStub.init).as((any ACService).self).lifetime(.objectGraph).test()
                }
                return round
            },
            { round, _ in
                for _ in 0..<50 {
                    let service: any ACService = container.resolve()
                    if (round < overrideRound) != (service is ACReal) { wrong.increment() }
                    let session: ACSession = container.resolve()
                    seen.withLock { $0[round, default: []].append(session) }
                }
            }
        )
        #expect(finished)
        #expect(wrong.value == 0)
        let sessions = seen.value.mapValues { Set($0.map(ObjectIdentifier.init)) }
        #expect(sessions.count == 6)
        #expect(sessions.values.allSatisfy { $0.count == 1 })
        // Each round's clean dropped the instance before: no round reuses another's.
        #expect(Set(sessions.values.flatMap { $0 }).count == 6)
    }
}
