import DICore
import DILogging
import DIRuntime
import Testing

// A child's resolve of an instance its parent keeps runs the parent's making as a part of
// itself, reporting through the child's trace. The making's requests are children of the
// child's request, each with its own end, also when the making leaves `cycle:` work for
// its end and when it fails.

private final class OMLink {}
private final class OMPart {
    var link: OMLink?
}
private final class OMSibling {}
private final class OMRoot {
    init(part: OMPart, sibling: OMSibling) {}
}
private enum OMTag {}

/// Each event's kind and request, in order.
private final class OMEventLog: DIObserver {
    private let storage = Locked<[DIEvent]>([])
    var events: [DIEvent] { storage.withLock { $0 } }
    func receive(_ event: DIEvent) { storage.withLock { $0.append(event) } }
}

@Suite struct OwnedMakingTraceTests {
    private func containers(failing: Bool) -> (parent: DIContainer, child: DIContainer) {
        let parent = DIContainer()
        let root = parent.register(OMRoot.init).lifetime(.perContainer(.single))
        if failing {
            root.injection { (_: OMRoot, sibling: DIByTag<OMTag, OMSibling>) in _ = by(tag: OMTag.self, on: sibling) }
        }
        parent.register(OMLink.init).lifetime(.objectGraph)
        parent.register(OMPart.init).injection(cycle: true) { (part: OMPart, link: OMLink) in part.link = link }
        parent.register(OMSibling.init)
        return (parent, DIContainer(parent: parent))
    }

    /// Every started request finished once, and the recorder made one trace of them.
    private func checkWhole(_ log: OMEventLog, _ recorder: DITraceRecorder) {
        let started = log.events.filter { $0.kind == .resolveStarted }.map(\.spanID)
        let finished = log.events.filter { $0.kind == .resolveFinished }.map(\.spanID)
        #expect(started.sorted() == finished.sorted(), "\(log.events.map { "\($0.kind) \($0.request ?? "")" })")
        #expect(recorder.traces.count == 1)
    }

    @Test func theMakingsRequestsEachEndUnderTheChildsRequest() throws {
        let (_, child) = containers(failing: false)
        let log = OMEventLog()
        let recorder = DITraceRecorder()
        child.addObserver(log)
        child.addObserver(recorder)
        let _: OMRoot = child.resolve()
        checkWhole(log, recorder)
        let root = try #require(recorder.traces.first?.root)
        #expect(root.request == "OMRoot")
        #expect(root.children.map(\.request) == ["OMPart", "OMSibling"])
        let part = try #require(root.children.first)
        #expect(part.outcome == .made)
        #expect(part.children.map(\.request) == ["OMLink"])
        #expect(part.children.first?.isDeferredInjection == true)
    }

    @Test func aFailedMakingStillEndsTheRequestsItFinished() throws {
        let (_, child) = containers(failing: true)
        let log = OMEventLog()
        let recorder = DITraceRecorder()
        child.addObserver(log)
        child.addObserver(recorder)
        #expect(throws: DIError.self) { let _: OMRoot = try child.tryResolve() }
        checkWhole(log, recorder)
        let root = try #require(recorder.traces.first?.root)
        #expect(root.outcome == .failed)
        #expect(root.children.map(\.request) == ["OMPart", "OMSibling", "OMSibling (tag: OMTag)"])
        #expect(root.children.first?.outcome == .made)
    }

    @Test func anAwaitedResolveEndsThemAlike() async throws {
        let (_, child) = containers(failing: false)
        let log = OMEventLog()
        let recorder = DITraceRecorder()
        child.addObserver(log)
        child.addObserver(recorder)
        let _: OMRoot = await child.resolve()
        checkWhole(log, recorder)
        let root = try #require(recorder.traces.first?.root)
        #expect(root.children.map(\.request) == ["OMPart", "OMSibling"])
        #expect(root.children.first?.children.map(\.request) == ["OMLink"])
    }
}
