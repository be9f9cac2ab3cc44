import DICore
import DILogging
import Testing

// A resolve that is a part of another one reports through the other's trace: one a factory
// makes from its container, and an instance an ancestor container makes for a child's
// resolve. When that part fails and the outer resolve goes on (an optional answers `nil`,
// the factory catches the error), the outer trace must stay whole: the requests open
// before the part started are the outer resolve's, not the part's to close.

private final class FPMissing {}
private final class FPBroken {
    init(missing: FPMissing) {}
}
private final class FPScreen {
    let broken: FPBroken?
    init(container: DIContainer) { broken = try? container.tryResolve() as FPBroken }
}
private final class FPAsyncScreen: Sendable {
    let hasBroken: Bool
    init(hasBroken: Bool) { self.hasBroken = hasBroken }
}
private final class FPUser {
    let broken: FPBroken?
    init(broken: FPBroken?) { self.broken = broken }
}
private final class FPHolder {
    let screen: FPScreen
    init(screen: FPScreen) { self.screen = screen }
}

/// Its `cycle:` injection makes a `FPMaker`, whose factory resolves a `FPInner`.
private final class FPOuter {
    var maker: FPMaker?
    init() {}
}
private final class FPMaker {
    let inner: FPInner?
    init(inner: FPInner?) { self.inner = inner }
}
/// Leaves work for the end of its own resolve: a `cycle:` injection (of a `FPMissing` when
/// it is to fail), or a `Lazy` handed out.
private final class FPInner {
    var missing: FPMissing?
    var helper: FPHelper?
    init() {}
}
private final class FPHelper {}
private final class FPLazyInner {
    init(helper: Lazy<FPHelper>) {}
}
private final class FPLazyMaker {
    init(container: DIContainer) { let _: FPLazyInner = container.resolve() }
}
private final class FPLazyOuter {
    var maker: FPLazyMaker?
    init() {}
}

private final class FPBox: Sendable {
    let error: DIError?
    init(error: DIError?) { self.error = error }
}

/// Reads a `Provider1` of a `FPNamedBroken` in its initializer, keeping the error.
private final class FPProviderReader {
    let error: DIError?
    init(provider: Provider1<FPNamedBroken, String>) {
        var caught: DIError?
        do throws(DIError) {
            _ = try provider.tryValue("x")
        } catch {
            caught = error
        }
        self.error = caught
    }
}
private final class FPNamedBroken {
    init(name: String, missing: FPMissing) {}
}
/// Its `cycle:` injection needs what nothing registers.
private final class FPCycled {
    var missing = FPMissing()
    init() {}
}

@Suite struct FailedPartTraceTests {
    private func observed(_ container: DIContainer) -> DITraceRecorder {
        let recorder = DITraceRecorder()
        container.addObserver(recorder)
        return recorder
    }

    private func resolvedSynchronously<T>(from container: DIContainer) -> T {
        container.resolve()
    }

    /// The requests of `trace`, one `request outcome` per node, indented by depth.
    private func shape(_ trace: DITrace) -> [String] {
        func walk(_ node: DITraceNode, _ depth: Int) -> [String] {
            [String(repeating: "  ", count: depth) + "\(node.request) \(node.outcome.map { "\($0)" } ?? "open")"]
                + node.children.flatMap { walk($0, depth + 1) }
        }
        return walk(trace.root, 0)
    }

    @Test func aFailedResolveInsideAFactoryLeavesItsResolvesTraceWhole() throws {
        let container = DIContainer()
        container.register(FPBroken.init)
        container.register(FPScreen.init)
        container.register(FPHolder.init)
        let recorder = observed(container)
        let holder: FPHolder = container.resolve()
        #expect(holder.screen.broken == nil)
        let trace = try #require(recorder.traces.only)
        #expect(
            shape(trace) == [
                "FPHolder made", "  FPScreen made", "    FPBroken failed", "      FPMissing failed",
            ]
        )
        // The container and its observer go on as before.
        let _: FPHolder = container.resolve()
        #expect(recorder.traces.count == 2)
    }

    @Test func aFailedResolveAnAsyncFactoryAwaitsLeavesItsResolvesTraceWhole() async throws {
        let container = DIContainer()
        container.register(FPBroken.init)
        container.register { (container: DIContainer) async -> FPAsyncScreen in
            let broken = try? await container.tryResolve() as FPBroken
            return FPAsyncScreen(hasBroken: broken != nil)
        }
        let recorder = observed(container)
        let screen: FPAsyncScreen = await container.resolve()
        #expect(!screen.hasBroken)
        let trace = try #require(recorder.traces.only)
        #expect(shape(trace) == ["FPAsyncScreen made", "  FPBroken failed", "    FPMissing failed"])
    }

    /// A child's resolve needs a singleton its parent keeps; the parent fails to make it.
    @Test(arguments: [false, true])
    func aFailedInstanceAnAncestorMakesLeavesTheChildsTraceWhole(awaited: Bool) async throws {
        let app = DIContainer()
        app.register(FPBroken.init).lifetime(.perContainer(.single))
        let child = DIContainer(parent: app)
        child.register(FPUser.init)
        let recorder = observed(child)
        let user: FPUser
        if awaited {
            user = await child.resolve()
        } else {
            user = resolvedSynchronously(from: child)
        }
        #expect(user.broken == nil)
        let trace = try #require(recorder.traces.only)
        #expect(shape(trace) == ["FPUser made", "  FPBroken skipped", "    FPMissing failed"])
    }

    /// A part made while the resolve runs its own deferred work (its top-level request held
    /// open for it) leaves work for its own end: ending that must not end the resolve's
    /// top-level request.
    @Test(arguments: ["injection", "failing injection", "lazy"])
    func aPartMadeDuringTheDeferredWorkLeavesTheTopLevelRequestOpen(leaves: String) throws {
        let container = DIContainer()
        container.register(FPOuter.init).injection(cycle: true, \.maker)
        container.register(FPLazyOuter.init).injection(cycle: true, \.maker)
        container.register { [unowned container] in FPMaker(inner: try? container.tryResolve() as FPInner) }
        container.register(FPLazyMaker.init)
        container.register(FPLazyInner.init)
        container.register(FPHelper.init)
        if leaves == "failing injection" {
            container.register(FPInner.init).injection(cycle: true, \.missing)
        } else {
            container.register(FPInner.init).injection(cycle: true, \.helper)
        }
        let recorder = observed(container)
        let root: String
        if leaves == "lazy" {
            let outer: FPLazyOuter = container.resolve()
            #expect(outer.maker != nil)
            root = "FPLazyOuter"
        } else {
            let outer: FPOuter = container.resolve()
            #expect(outer.maker != nil)
            root = "FPOuter"
        }
        let trace = try #require(recorder.traces.only)
        #expect(trace.root.request == root)
        #expect(trace.root.outcome == .made)
        #expect(trace.root.children.first?.request.hasSuffix("Maker") == true)
    }

    /// A child task's resolve is a trace of its own; its failure there, at once or in its
    /// `cycle:` injection at its end, is the error it throws, whose path starts with what
    /// the resolve it joined was making.
    @Test(arguments: [false, true]) func aChildTasksFailureIsRecordedAsItIsThrown(deferred: Bool) async throws {
        let container = DIContainer()
        container.register(FPBroken.init)
        container.register(FPCycled.init).injection(cycle: true, \.missing)
        container.register { (container: DIContainer) async -> FPBox in
            async let failure: DIError? = {
                do throws(DIError) {
                    if deferred {
                        let _: FPCycled = try await container.tryResolve()
                    } else {
                        let _: FPBroken = try await container.tryResolve()
                    }
                    return nil
                } catch {
                    return error
                }
            }()
            return FPBox(error: await failure)
        }
        let recorder = observed(container)
        let box: FPBox = await container.resolve()
        let thrown = try #require(box.error)
        let failed = deferred ? "FPCycled" : "FPBroken"
        #expect(thrown.path == ["FPBox", failed, "FPMissing"])
        let child = try #require(recorder.traces.first { $0.root.request == failed })
        #expect(child.root.error?.path == thrown.path)
        #expect(child.allNodes.last?.error?.path == thrown.path)
    }

    /// A `Provider` read in a factory resolves beside the resolve (a trace of its own):
    /// its failure is recorded with the path it throws.
    @Test func aProviderReadInAFactoryRecordsItsFailureAsItIsThrown() throws {
        let container = DIContainer()
        container.register { FPNamedBroken(name: arg($0), missing: $1) }
        container.register(FPProviderReader.init)
        let recorder = observed(container)
        let reader: FPProviderReader = container.resolve()
        let thrown = try #require(reader.error)
        #expect(thrown.path.first == "FPProviderReader")
        let trace = try #require(recorder.traces.first { $0.root.request.hasPrefix("FPNamedBroken") })
        #expect(trace.root.error?.path == thrown.path)
    }
}
