import DICore
import DIRuntime
import TestSupport
import Testing

// A main-actor factory builds in a compiled step too: a repeat resolve on the main actor runs
// the step, which makes the instance in place; the step run elsewhere is the same typed
// error as a first resolve there, never a call off the main actor.

private final class CMService: Sendable {}

@MainActor private final class CMViewModel {
    let service: CMService
    let title: String
    init(service: CMService, title: String) {
        MainActor.preconditionIsolated()  // traps if a step ran it anywhere else
        self.service = service
        self.title = title
    }
}

/// A nonisolated screen whose view model is main-actor code.
private final class CMScreen {
    let model: CMViewModel
    init(model: CMViewModel) { self.model = model }
}

private func mainActorContainer() -> DIContainer {
    let container = DIContainer()
    container.register(CMService.init).lifetime(.perContainer(.single))
    container.register { @MainActor (service: CMService) in CMViewModel(service: service, title: "feed") }
    container.register(CMScreen.init)
    return container
}

@Suite struct CompiledMainActorTests {
    /// Resolved again and again on the main actor (the first time by the plan, then by its
    /// compiled steps): a new view model each time, made in place, its service shared.
    @MainActor @Test func repeatResolvesOnTheMainActorMakeItInPlace() {
        let container = mainActorContainer()
        let service: CMService = container.resolve()
        var previous: CMViewModel?
        for _ in 0..<4 {
            let model: CMViewModel = container.resolve()
            let screen: CMScreen = container.resolve()
            #expect(model.service === service)
            #expect(screen.model.service === service)
            #expect(screen.model !== model)
            #expect(model !== previous)
            previous = model
        }
    }

    /// A thread off the main actor that reads the same stripe of remembered answers finds
    /// the screen's compiled plan, whose view-model step then refuses to run: every resolve
    /// there is `requiresAsync`, as a first one would be, and the main actor still gets its
    /// screens afterwards.
    @MainActor @Test func aCompiledStepOffTheMainActorIsRequiresAsync() async {
        let container = mainActorContainer()
        for _ in 0..<3 {
            let _: CMScreen = await container.resolve()  // the plan, then its compiled steps
        }
        let stripe = StripedLocked<Int>.stripeOfThread
        let errors = LockedValue<[DIError]>([])
        let reached = LockedValue(false)
        // Threads take stripes in the order they first ask (other tests' threads too): one
        // of these new threads soon shares this one's.
        for _ in 0..<200 where !reached.withLock({ $0 }) {
            await finishes {
                guard StripedLocked<Int>.stripeOfThread == stripe else { return }
                reached.withLock { $0 = true }
                for _ in 0..<3 {
                    do throws(DIError) {
                        let _: CMScreen = try container.tryResolve()
                        Issue.record("a main-actor factory ran off the main actor")
                    } catch {
                        errors.withLock { $0.append(error) }
                    }
                }
            }
        }
        #expect(reached.withLock { $0 })
        let caught = errors.withLock { $0 }
        #expect(caught.count == 3)
        #expect(caught.allSatisfy { $0.kind == .requiresAsync && $0.description.contains("runs on the main actor") })
        let screen: CMScreen = await container.resolve()
        #expect(screen.model.title == "feed")
    }
}
