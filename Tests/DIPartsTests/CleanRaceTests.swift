import DICore
import DIParts
import TestSupport
import Testing

private let racersMade = Counter()

/// Complete only after its postInit ran; counts how many were made.
private final class Racer {
    let dependency: PlainStore
    var isReady = false
    init(dependency: PlainStore) {
        self.dependency = dependency
        racersMade.increment()
    }
}

private final class RaceFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register(Racer.init)
            .lifetime(.perFramework(.single))
            .postInit { $0.isReady = true }
    }
}

@Suite struct CleanRaceTests {
    @Test func resolvesRacingCleanFrameworkNeverSeeHalfMadeOrDuplicatedInstances() async {
        let container = DIContainer()
        container.register(PlainStore.init).lifetime(.perContainer(.single))
        container.append(framework: RaceFramework.self)
        let cleans = Counter()
        let invalid = Counter()
        let rounds = 300
        let finished = await race(threads: 9) { index in
            for _ in 0..<rounds {
                if index == 8 {
                    container.clean(framework: RaceFramework.self)
                    cleans.increment()
                } else {
                    let racer: Racer = container.resolve()
                    if !racer.isReady { invalid.increment() }
                }
            }
        }
        #expect(finished)
        #expect(invalid.value == 0)
        // At most one instance per generation: the first, plus one after each clean.
        #expect(racersMade.value <= cleans.value + 1)
        #expect(racersMade.value >= 1)
        let plain: PlainStore = await container.resolve()
        let racer: Racer = await container.resolve()
        #expect(racer.dependency === plain)
    }
}
