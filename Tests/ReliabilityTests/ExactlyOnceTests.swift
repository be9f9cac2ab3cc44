import DICore
import DILazy
import DIParts
import TestSupport
import Testing

/// One way to ask for a cached instance that 16 threads race for.
enum RaceCase: CaseIterable, Sendable {
    case single, singleWhileInitializing, singleAfterInitializing
    case perApplicationWeak, perApplicationSingle, perContainerWeak, perContainerSingle
    case perFrameworkWeak, perFrameworkSingle, perPartWeak, perPartSingle, custom
    case perContainerThroughChildren, providerOfPerContainer, lazy, containerLazy

    /// A fresh container whose `SlowThing` has this case's lifetime, counting makes in `made`.
    func container(made: Counter) -> DIContainer {
        let container = DIContainer()
        let line = uniqueLine()
        let register: LoadScripts.Script = { container in
            container.register(line: line) { SlowThing(made: made) }.lifetime(lifetime)
        }
        switch self {
        case .perFrameworkWeak, .perFrameworkSingle:
            LoadScripts.set(Fw<N0>.self, in: container, register)
            container.append(framework: Fw<N0>.self)
            LoadScripts.forget(container)
        case .perPartWeak, .perPartSingle:
            LoadScripts.set(Pt<N0>.self, in: container, register)
            container.append(part: Pt<N0>.self)
            LoadScripts.forget(container)
        default:
            register(container)
        }
        if self == .singleAfterInitializing { container.initializeSingletonObjects() }
        return container
    }

    private var lifetime: DILifeTime {
        switch self {
        case .single, .singleWhileInitializing, .singleAfterInitializing: .single
        case .perApplicationWeak: .perApplication(.weak)
        case .perApplicationSingle: .perApplication(.single)
        case .perContainerWeak: .perContainer(.weak)
        case .perContainerSingle, .perContainerThroughChildren, .providerOfPerContainer: .perContainer(.single)
        case .perFrameworkWeak: .perFramework(.weak)
        case .perFrameworkSingle: .perFramework(.single)
        case .perPartWeak: .perPart(.weak)
        case .perPartSingle: .perPart(.single)
        case .custom: .custom(name: "race")
        case .lazy, .containerLazy: .prototype
        }
    }

    /// What thread `index` does to get the instance.
    func getter(made: Counter) -> @Sendable (Int) -> SlowThing {
        switch self {
        case .lazy:
            let lazy = Lazy { SlowThing(made: made) }
            return { _ in lazy.value }
        case .containerLazy:
            // A container-made Lazy keeps its container only weakly: the round keeps it.
            let container = container(made: made)
            let lazy: Lazy<SlowThing> = container.resolve()
            return { _ in withExtendedLifetime(container) { lazy.value } }
        case .perContainerThroughChildren:
            // The parent owns the instance: every thread's own child container shares it.
            let parent = container(made: made)
            return { _ in DIContainer(parent: parent).resolve() }
        case .providerOfPerContainer:
            let container = container(made: made)
            let provider: Provider<SlowThing> = container.resolve()
            return { _ in withExtendedLifetime(container) { provider.value } }
        case .singleWhileInitializing:
            let container = container(made: made)
            return { index in
                if index == 0 { container.initializeSingletonObjects() }
                return container.resolve()
            }
        default:
            let container = container(made: made)
            return { _ in container.resolve() }
        }
    }
}

/// One round of a race: what was made and what each thread got.
struct RaceRound: Sendable {
    let made = Counter()
    let got = Collected<SlowThing>()
    let get: @Sendable (Int) -> SlowThing

    init(_ raceCase: RaceCase) {
        get = raceCase.getter(made: made)
    }
}

@Suite struct ExactlyOnceTests {
    /// Rounds per case; each is a fresh container (and a fresh process-wide line).
    static let rounds = 200

    @Test(arguments: RaceCase.allCases)
    func sixteenThreadsRacingForTheFirstInstanceMakeExactlyOne(_ raceCase: RaceCase) async {
        var failures: [String] = []
        let finished = await race(rounds: Self.rounds, prepare: { _ in RaceRound(raceCase) }) { round, index in
            round.got.append(round.get(index))
        } check: { round in
            let got = round.got.values
            guard round.made.value == 1, got.count == 16, allIdentical(got) else {
                failures.append("made \(round.made.value), \(got.count) results, identical: \(allIdentical(got))")
                return false
            }
            return true
        }
        #expect(finished)
        #expect(failures.isEmpty, "\(raceCase): \(failures)")
    }
}
