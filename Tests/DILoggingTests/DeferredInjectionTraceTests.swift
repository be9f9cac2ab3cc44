import DICore
import DILogging
import Foundation
import Testing

// A parent made with its child, and the child's back reference filled by a `cycle:` injection.

private final class Parent {
    let child: Child
    init(child: Child) { self.child = child }
}

private final class Child {
    weak var parent: Parent?  // weak: a resolved pair must not leak (CI runs LeakSanitizer)
    init() {}
}

private final class Unmade {}

private final class Sibling {}

/// A parent whose child's back reference waits for the resolve's end, with a request after it.
private final class Family {
    let child: FamilyChild
    init(child: FamilyChild, sibling: Sibling) { self.child = child }
}

private final class FamilyChild {
    weak var family: Family?
    init() {}
}

/// Made with a `Maker` whose factory resolves an `Inner`, and a `Sibling` after it; its own
/// `cycle:` injection takes another `Sibling` at the end.
private final class Host {
    var sibling: Sibling?
    init(maker: Maker, sibling: Sibling) {}
}

private final class Maker {
    init(inner: Inner?) {}
}

private final class Inner {
    var sibling: Sibling?
    init() {}
}

/// Its `cycle:` injections hand it a `Lazy` first, then its parent.
private final class LateChild {
    var sibling: Lazy<Sibling>?
    weak var parent: LateParent?
    init() {}
}

private final class LateParent {
    let child: LateChild
    init(child: LateChild) { self.child = child }
}

/// Its factory resolves an `Orphan`, whose `cycle:` injection fails, and goes on without it.
private final class Forgiving {
    init(orphan: Orphan?) {}
}

/// Its `cycle:` injection asks for something nothing registers.
private final class Orphan {
    var unmade = Unmade()
    init() {}
}

/// Made with an `Orphan`, whose deferred injection fails after both were made.
private final class OrphanHolder {
    init(orphan: Orphan) {}
}

/// Each `resolveFinished`, as `request parent depth outcome`.
private final class FinishRecorder: DIObserver, @unchecked Sendable {
    // @unchecked Sendable: the resolves of these tests run on the test's own thread.
    var finished: [String] = []
    func receive(_ event: DIEvent) {
        guard event.kind == .resolveFinished, let request = event.request, let outcome = event.outcome else { return }
        let parent = event.parentSpanID.map { $0 == event.spanID ? "itself" : "\($0)" } ?? "none"
        finished.append("\(request) parent:\(parent) depth:\(event.depth) \(outcome)")
    }
}

@Suite struct DeferredInjectionTraceTests {
    private func recording() -> (DIContainer, DITraceRecorder) {
        let container = DIContainer()
        container.register(Parent.init).lifetime(.objectGraph)
        container.register(Child.init).lifetime(.objectGraph).injection(cycle: true, \.parent)
        let recorder = DITraceRecorder()
        container.addObserver(recorder)
        return (container, recorder)
    }

    @Test func aCycleInjectionIsPartOfItsResolvesTree() throws {
        let (container, recorder) = recording()
        let parent: Parent = container.resolve()
        #expect(parent.child.parent === parent)

        let trace = try #require(recorder.traces.only)
        #expect(trace.root.request == "Parent")
        let child = try #require(trace.root.children.only)
        #expect(child.request == "Child")
        #expect(!child.isDeferredInjection)
        let injected = try #require(child.children.only)
        #expect(injected.request == "Parent")
        #expect(injected.outcome == .reused)
        #expect(injected.isDeferredInjection)
        // The resolve's time includes the injection it deferred.
        #expect(trace.root.end >= injected.end)
        #expect(trace.linkedTraceID == nil)

        let lines = recorder.render().split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("trace \(recorder.traces[0].traceID): resolve Parent → made Parent (objectGraph)"))
        #expect(lines[1].hasPrefix("  resolve Child → made Child (objectGraph)"))
        #expect(lines[2].hasPrefix("    resolve Parent → reused Parent (objectGraph)"))
        #expect(lines[2].hasSuffix("(cycle: injection, after the resolve)"))
        #expect(!lines[0].contains("cycle:") && !lines[1].contains("cycle:"))
    }

    @Test func aFailedCycleInjectionFailsItsResolvesTree() throws {
        let (container, recorder) = recording()
        container.register(Orphan.init).injection(cycle: true, \.unmade)
        #expect(throws: DIError.self) { let _: Orphan = try container.tryResolve() }

        let trace = try #require(recorder.traces.only)
        #expect(trace.root.request == "Orphan")
        #expect(trace.root.outcome == .failed)
        #expect(trace.root.error?.kind == .notRegistered)
        let injected = try #require(trace.root.children.only)
        #expect(injected.request == "Unmade")
        #expect(injected.outcome == .failed)
        #expect(injected.isDeferredInjection)
        #expect(recorder.render().contains("  resolve Unmade → failed: "))
    }

    /// A resolve a factory makes ends with its own deferred work: its request fails when
    /// that work fails, and the factory's request goes on.
    @Test func aNestedResolveWhoseCycleInjectionFailsIsFailedInTheTrace() throws {
        let container = DIContainer()
        container.register { [unowned container] in Forgiving(orphan: try? container.tryResolve() as Orphan) }
        container.register(Orphan.init).injection(cycle: true, \.unmade)
        let recorder = DITraceRecorder()
        container.addObserver(recorder)
        let _: Forgiving = container.resolve()

        let trace = try #require(recorder.traces.only)
        #expect(trace.root.request == "Forgiving")
        #expect(trace.root.outcome == .made)
        let nested = try #require(trace.root.children.only)
        #expect(nested.request == "Orphan")
        #expect(nested.outcome == .failed)
        #expect(nested.error?.kind == .notRegistered)
        let injected = try #require(nested.children.only)
        #expect(injected.request == "Unmade")
        #expect(injected.outcome == .failed)
        #expect(injected.isDeferredInjection)
        // Its time includes the work it deferred, as a top-level request's does.
        #expect(nested.end >= injected.end)
    }

    @Test func theChromeExportNestsTheInjectionInsideItsResolve() throws {
        let (container, recorder) = recording()
        let _: Parent = container.resolve()
        let json = recorder.chromeTraceJSON()
        #expect(json.contains(#""deferred":"cycle: injection, after the resolve""#))
        // Drawn when it ran: after Child's request ended, inside the top-level one.
        let phases = json.matches(of: /"ph":"([BE])"/).map { String($0.output.1) }
        #expect(phases == ["B", "B", "E", "B", "E", "E"])
    }

    /// A slice that ended after a later one began would draw that one inside it.
    @Test func theChromeExportNeverGoesBackInTimeInALane() throws {
        let container = DIContainer()
        container.register(Family.init).lifetime(.objectGraph)
        container.register(FamilyChild.init).lifetime(.objectGraph).injection(cycle: true, \.family)
        container.register(Sibling.init)
        let events = try chromeLane(of: container) { let _: Family = container.resolve() }
        #expect(
            events == [
                "B Family", "B FamilyChild", "E FamilyChild", "B Sibling", "E Sibling",
                "B Family", "E Family", "E Family",
            ]
        )
    }

    /// The top-level request's own `cycle:` injection, and one of a resolve a factory made
    /// (which runs at that resolve's end, before the factory's later siblings).
    @Test func deferredWorkOfTheRootAndOfANestedResolveIsDrawnWhereItRan() throws {
        let container = DIContainer()
        container.register(Host.init).injection(cycle: true, \.sibling)
        container.register { [unowned container] in Maker(inner: try? container.tryResolve() as Inner) }
        container.register(Inner.init).injection(cycle: true, \.sibling)
        container.register(Sibling.init)
        let events = try chromeLane(of: container) { let _: Host = container.resolve() }
        #expect(
            events == [
                "B Host", "B Maker", "B Inner", "B Sibling", "E Sibling", "E Inner", "E Maker",
                "B Sibling", "E Sibling", "B Sibling", "E Sibling", "E Host",
            ]
        )
    }

    /// The begin and end events of the only lane `resolve` records, checked to nest and
    /// never to go back in time; as `"B Name"`, `"E Name"`.
    private func chromeLane(of container: DIContainer, _ resolve: () -> Void) throws -> [String] {
        let recorder = DITraceRecorder()
        container.addObserver(recorder)
        resolve()
        let json = recorder.chromeTraceJSON()
        let events = json.matches(of: /"name":"([^"]*)","cat":"resolve","ph":"([BE])","pid":1,"tid":\d+,"ts":([0-9.]+)/)
        var open: [String] = []
        var last = 0.0
        for event in events {
            let (name, phase, time) = (String(event.output.1), event.output.2, Double(event.output.3) ?? -1)
            #expect(time >= last, "\(phase) \(name) at \(time) after \(last)")
            last = time
            if phase == "B" {
                open.append(name)
            } else {
                #expect(open.popLast() == name)
            }
        }
        #expect(open.isEmpty)
        return events.map { "\($0.output.2) \($0.output.1)" }
    }

    @Test func eventsPutTheInjectionOneLevelBelowItsRequest() throws {
        let (container, _) = recording()
        let depths = DepthRecorder()
        container.addObserver(depths)
        let _: Parent = container.resolve()
        #expect(depths.finished == ["Child@1", "Parent@2 (deferred)", "Parent@0"])
    }

    /// Handing out a `Lazy` opens and closes a frame with no events of its own: the request
    /// after it, in the same deferred injection, keeps its depth.
    @Test func aLazyHandedOutInADeferredInjectionKeepsTheNextRequestsDepth() throws {
        let container = DIContainer()
        container.register(LateParent.init).lifetime(.objectGraph)
        container.register(LateChild.init).lifetime(.objectGraph)
            .injection(cycle: true, \.sibling)
            .injection(cycle: true, \.parent)
        container.register(Sibling.init)
        let depths = DepthRecorder()
        container.addObserver(depths)
        let parent: LateParent = container.resolve()
        #expect(parent.child.parent === parent)
        #expect(depths.finished == ["LateChild@1", "LateParent@2 (deferred)", "LateParent@0"])
    }

    /// A resolve a factory makes sits one level below the factory's request, its deferred
    /// work one level below it.
    @Test func aNestedResolvesDeferredWorkIsOneLevelBelowIt() throws {
        let container = DIContainer()
        container.register { [unowned container] in Maker(inner: try? container.tryResolve() as Inner) }
        container.register(Inner.init).injection(cycle: true, \.sibling)
        container.register(Sibling.init)
        let depths = DepthRecorder()
        container.addObserver(depths)
        let _: Maker = container.resolve()
        #expect(depths.finished == ["Sibling@2 (deferred)", "Inner@1", "Maker@0"])
    }
}

extension DeferredInjectionTraceTests {
    /// The top-level request whose own `cycle:` injection fails ends as a top-level
    /// request (no parent, depth 0), so a logger, which writes a resolve when its top-level
    /// request finishes, writes the failure: awaited too.
    @Test(arguments: [false, true])
    func aRootWhoseOwnCycleInjectionFailsEndsAtTheTopAndIsLogged(awaited: Bool) async throws {
        let container = DIContainer()
        container.register(Orphan.init).injection(cycle: true, \.unmade)
        let finishes = FinishRecorder()
        let lines = LoggedLines()
        container.addObserver(finishes)
        container.addObserver(DIConsoleLogger(level: .error) { lines.append($0) })
        await #expect(throws: DIError.self) {
            let _: Orphan =
                awaited
                ? try await container.tryResolve()
                : try { () throws(DIError) -> Orphan in try container.tryResolve() }()
        }
        #expect(finishes.finished.last == "Orphan parent:none depth:0 failed")
        #expect(lines.all.count == 1)
        #expect(lines.all.first?.contains("Unmade") == true)
    }

    /// A top-level optional whose deferred work fails is `nil`, and its trace says so: the
    /// root ends `→ nil` with the warning on its node, not among the diagnostics reported
    /// outside any resolve.
    @Test(arguments: [false, true])
    func anOptionalWhoseCycleInjectionFailsIsNilInItsTrace(awaited: Bool) async throws {
        let container = DIContainer()
        container.register(Orphan.init).injection(cycle: true, \.unmade)
        let recorder = DITraceRecorder()
        container.addObserver(recorder)
        let orphan: Orphan? = awaited ? await container.resolve() : { () -> Orphan? in container.resolve() }()
        #expect(orphan == nil)

        let trace = try #require(recorder.traces.only)
        #expect(trace.root.outcome == .skipped)
        #expect(trace.root.diagnostics.map(\.message).contains { $0.hasPrefix("Orphan? is nil: ") })
        #expect(recorder.diagnostics.isEmpty)
        #expect(recorder.render().hasPrefix("trace \(trace.traceID): resolve Orphan → nil"))
        // The next resolve works as before: nothing half-made was kept.
        let again: Orphan? = await container.resolve()
        #expect(again == nil)
    }

    /// Every event about a request a `cycle:` injection made says so, not only its start.
    @Test func everyEventOfADeferredRequestIsMarked() throws {
        let (container, _) = recording()
        let events = KindRecorder()
        container.addObserver(events)
        let _: Parent = container.resolve()
        #expect(
            events.seen == [
                "resolveStarted Parent", "resolveStarted Child", "made Child", "resolveFinished Child", "made Parent",
                "resolveStarted Parent (deferred)", "reused Parent (deferred)", "resolveFinished Parent (deferred)",
                "resolveFinished Parent",
            ]
        )
    }

    /// A request that failed because a deferred injection below one of its children failed
    /// does not repeat the reason, which belongs to the injection's request.
    @Test func aFailureInADeferredInjectionBelowAChildIsReportedOnce() throws {
        let container = DIContainer()
        container.register(Orphan.init).injection(cycle: true, \.unmade)
        container.register(OrphanHolder.init)
        let recorder = DITraceRecorder()
        container.addObserver(recorder)
        #expect(throws: DIError.self) { let _: OrphanHolder = try container.tryResolve() }
        let lines = recorder.render().split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("resolve OrphanHolder → failed ") == true)
        #expect(lines.filter { $0.contains("nothing is registered") }.count == 1)
    }
}

/// Each event's kind and request, marked when it is about a deferred request.
private final class KindRecorder: DIObserver, @unchecked Sendable {
    // @unchecked Sendable: the resolves of these tests run on the test's own thread.
    var seen: [String] = []
    func receive(_ event: DIEvent) {
        guard let request = event.request else { return }
        seen.append("\(event.kind) \(request)" + (event.isDeferredInjection ? " (deferred)" : ""))
    }
}

/// Lines a logger wrote, from any thread.
private final class LoggedLines: @unchecked Sendable {
    // @unchecked Sendable: `lines` is only touched under `lock`.
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

/// The requests finished, in order, with the depth they were reported at.
private final class DepthRecorder: DIObserver, @unchecked Sendable {
    // @unchecked Sendable: the resolves of these tests run on the test's own thread.
    var finished: [String] = []
    private var deferred: Set<UInt64> = []
    func receive(_ event: DIEvent) {
        if event.kind == .resolveStarted, event.isDeferredInjection { deferred.insert(event.spanID) }
        guard event.kind == .resolveFinished, let request = event.request else { return }
        finished.append("\(request)@\(event.depth)" + (deferred.contains(event.spanID) ? " (deferred)" : ""))
    }
}
