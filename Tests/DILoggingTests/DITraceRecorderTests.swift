import DICore
import DILogging
import Dispatch
import Foundation
import Testing

@Suite struct DITraceRecorderTests {
    private func recording() -> (DIContainer, DITraceRecorder) {
        let container = makeFeedContainer()
        let recorder = DITraceRecorder()
        container.addObserver(recorder)
        return (container, recorder)
    }

    @Test func nestedGraphIsOneTreeWithComponentsAndLifetimes() throws {
        let (container, recorder) = recording()
        let _: FeedScreen = container.resolve()

        let trace = try #require(recorder.traces.only)
        #expect(trace.root.request == "FeedScreen")
        #expect(trace.root.outcome == .made)
        #expect(trace.root.storage == "prototype")
        #expect(trace.root.component?.typeName == "FeedScreen")
        #expect(trace.root.children.map(\.request) == ["FeedService"])
        let service = trace.root.children[0]
        #expect(service.outcome == .made)
        #expect(service.storage == "perContainer")
        #expect(service.lifetime == .perContainer(.strong))
        #expect(service.children.map(\.request) == ["Database"])
        #expect(trace.allNodes.count == 3)
        #expect(trace.linkedTraceID == nil)
        // A parent's time includes its children's.
        #expect(trace.root.duration >= service.duration)
        #expect(service.component?.location.hasPrefix("DILoggingTests/Fixtures.swift:") == true)
    }

    @Test func cacheHitsAreReusedNodesWithoutChildren() throws {
        let (container, recorder) = recording()
        let _: FeedScreen = container.resolve()
        let _: FeedScreen = container.resolve()

        #expect(recorder.traces.count == 2)
        let second = try #require(recorder.traces.last)
        let service = try #require(second.root.children.first)
        #expect(service.outcome == .reused)
        #expect(service.storage == "perContainer")
        #expect(service.children.isEmpty)
        #expect(second.render().contains("resolve FeedService → reused FeedService (perContainer)"))
    }

    @Test func failuresCarryTheErrorAtEveryLevel() throws {
        let (container, recorder) = recording()
        #expect(throws: DIError.self) { let _: Broken = try container.tryResolve() }

        let trace = try #require(recorder.traces.only)
        #expect(trace.root.outcome == .failed)
        #expect(trace.root.error?.kind == .notRegistered)
        let missing = try #require(trace.root.children.only)
        #expect(missing.request == "Missing")
        #expect(missing.outcome == .failed)
        #expect(missing.error?.path == ["Broken", "Missing"])
        // The reason is printed once, where it happened.
        let lines = trace.render().split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("trace \(trace.traceID): resolve Broken → failed "))
        #expect(lines[1].contains("resolve Missing → failed: nothing is registered for it"))

        // The container still works and records the next resolve.
        let _: FeedScreen = container.resolve()
        #expect(recorder.traces.count == 2)
    }

    @Test func lazyResolvedLaterIsItsOwnTraceLinkedToItsGraph() throws {
        let (container, recorder) = recording()
        let screen: FeedScreen = container.resolve()
        let graphTrace = try #require(recorder.traces.only)
        #expect(!graphTrace.allNodes.contains { $0.request == "ImageCache" })

        _ = screen.images.value

        #expect(recorder.traces.count == 2)
        let lazyTrace = try #require(recorder.traces.last)
        #expect(lazyTrace.root.request == "ImageCache")
        #expect(lazyTrace.root.outcome == .made)
        #expect(lazyTrace.traceID != graphTrace.traceID)
        #expect(lazyTrace.linkedTraceID == graphTrace.traceID)
        #expect(lazyTrace.render().hasSuffix("(in the graph of trace \(graphTrace.traceID))"))
    }

    /// A name is spelled as the string literal it was written as: one request, one line.
    @Test func aNameWithALineBreakStaysOnItsRequestsLine() throws {
        let container = DIContainer()
        let name = "two\nlines \"quoted\""
        container.register(Database.init).as(Database.self, name: name)
        let recorder = DITraceRecorder()
        container.addObserver(recorder)
        let _: Database = container.resolve(name: name)
        let text = try #require(recorder.traces.only).render()
        #expect(text.split(separator: "\n").count == 1)
        #expect(text.contains(#"resolve Database (name: "two\nlines \"quoted\"") → made Database"#))
    }

    /// A link note is only useful if the trace it names can be found in the same text.
    @Test func theTraceALinkNamesIsFoundByItsNumberInTheText() throws {
        let (container, recorder) = recording()
        let info = Lines()
        container.addObserver(DIConsoleLogger(level: .info) { info.append($0) })
        let screen: FeedScreen = container.resolve()
        _ = screen.images.value

        for text in [recorder.render().split(separator: "\n").map(String.init), info.all] {
            let linking = try #require(text.first { $0.contains("(in the graph of trace ") })
            let named = try #require(linking.split(separator: "(in the graph of trace ").last?.dropLast())
            let heads = text.filter { $0.hasPrefix("trace \(named): ") }
            #expect(heads.count == 1)
            #expect(heads.first?.contains("resolve FeedScreen → made FeedScreen") == true)
            #expect(linking.hasPrefix("trace ") && !linking.hasPrefix("trace \(named): "))
        }
    }

    @Test func concurrentResolvesGiveSeparateWellFormedTrees() throws {
        let (container, recorder) = recording()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let _: FeedScreen = container.resolve()
        }
        let traces = recorder.traces
        #expect(traces.count == 8)
        #expect(Set(traces.map(\.traceID)).count == 8)
        for trace in traces {
            #expect(trace.root.request == "FeedScreen")
            #expect(trace.root.children.map(\.request) == ["FeedService"])
            #expect(trace.allNodes.allSatisfy { $0.outcome == .made || $0.outcome == .reused })
            #expect(trace.allNodes.allSatisfy { $0.end >= $0.start })
        }
        // Exactly one thread made the shared service; the others reused it.
        let services = traces.map { $0.root.children[0] }
        #expect(services.filter { $0.outcome == .made }.count == 1)
    }

    /// Trace and span numbers, which each tracer takes from the process a block at a time,
    /// are never 0 and never given twice, however many threads resolve.
    @Test func traceAndSpanNumbersAreUniqueAcrossThreads() throws {
        let (container, recorder) = recording()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<50 {
                let _: FeedScreen = container.resolve()
            }
        }
        let traces = recorder.traces
        #expect(traces.count == 400)
        let numbers = traces.map(\.traceID) + traces.flatMap { $0.allNodes.map(\.spanID) }
        #expect(numbers.count > 400 * 3)
        #expect(!numbers.contains(0))
        #expect(Set(numbers).count == numbers.count)
    }

    @Test func choiceByDefaultIsReportedOnTheNode() throws {
        let container = DIContainer()
        let recorder = DITraceRecorder()
        container.register(LiveClient.init).as(Client.self)
        container.register(StubClient.init).as(Client.self).default()
        container.addObserver(recorder)

        let client: Client = container.resolve()

        #expect(client is StubClient)
        let trace = try #require(recorder.traces.only)
        let diagnostic = try #require(trace.root.diagnostics.only)
        #expect(diagnostic.kind == .resolvedByPriority)
        #expect(diagnostic.severity == .info)
        #expect(diagnostic.message.contains(".default() picked"))
        #expect(trace.render().contains("· info: Client: 2 components match"))
    }

    @Test func chromeTraceParsesAndBeginsMatchEnds() throws {
        let (container, recorder) = recording()
        let screen: FeedScreen = container.resolve()
        _ = screen.images.value
        #expect(throws: DIError.self) { let _: Broken = try container.tryResolve() }

        let data = Data(recorder.chromeTraceJSON().utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let events = try #require(object["traceEvents"] as? [[String: Any]])
        var open: [Int: [String]] = [:]
        var lastTime: [Int: Double] = [:]
        var pairs = 0
        for event in events {
            let phase = try #require(event["ph"] as? String)
            let tid = try #require(event["tid"] as? Int)
            let name = try #require(event["name"] as? String)
            guard phase != "M" else { continue }
            let time = try #require(event["ts"] as? Double)
            #expect(time >= (lastTime[tid] ?? 0))
            lastTime[tid] = time
            if phase == "B" {
                open[tid, default: []].append(name)
            } else {
                #expect(phase == "E")
                #expect(open[tid]?.popLast() == name)
                pairs += 1
            }
        }
        #expect(open.values.allSatisfy { $0.isEmpty })
        #expect(pairs == recorder.traces.map(\.allNodes.count).reduce(0, +))
        #expect(pairs == 3 + 1 + 2)
        let failed = events.first { ($0["args"] as? [String: Any])?["outcome"] as? String == "failed" }
        #expect((failed?["args"] as? [String: Any])?["error"] as? String != nil)
    }

    @Test func chromeTraceEscapesStrings() throws {
        let container = DIContainer()
        let recorder = DITraceRecorder()
        container.register { Database() }.as(Database.self, name: "quote \" back \\ tab \t line \n end")
        container.addObserver(recorder)
        let _: Database = container.resolve(name: "quote \" back \\ tab \t line \n end")

        let data = Data(recorder.chromeTraceJSON().utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let events = try #require(object["traceEvents"] as? [[String: Any]])
        let names = events.compactMap { $0["ph"] as? String == "B" ? $0["name"] as? String : nil }
        // The request spells the name as its literal; the JSON gives back every character of it.
        #expect(names.only == "Database (name: \(String(reflecting: "quote \" back \\ tab \t line \n end")))")
    }

    @Test func resetForgetsTraces() {
        let (container, recorder) = recording()
        let _: FeedScreen = container.resolve()
        recorder.reset()
        #expect(recorder.traces.isEmpty)
        #expect(recorder.render().isEmpty)
        let _: Database = container.resolve()
        #expect(recorder.traces.count == 1)
    }

    @Test func childContainerEventsReachTheParentsRecorder() throws {
        let (parent, recorder) = recording()
        let child = DIContainer(parent: parent)
        let _: FeedService = child.resolve()
        #expect(try #require(recorder.traces.only).root.request == "FeedService")
        parent.removeObserver(recorder)
        let _: FeedService = child.resolve()
        #expect(recorder.traces.count == 1)
    }

    /// A grandchild's resolve reaches an observer only its grandparent has, and a container
    /// outside that family stays unobserved, however many observers the process has.
    @Test func aGrandparentsRecorderSeesItsGrandchildrenOnly() throws {
        let (grandparent, recorder) = recording()
        let grandchild = DIContainer(parent: DIContainer(parent: grandparent))
        let stranger = makeFeedContainer()
        let _: FeedService = stranger.resolve()
        let _: FeedService = grandchild.resolve()
        let trace = try #require(recorder.traces.only)
        #expect(trace.root.request == "FeedService")
        #expect(trace.root.outcome == .made)
        #expect(trace.root.children.map(\.request) == ["Database"])
    }

    /// Events of traces running at once arrive interleaved (resolves on other threads):
    /// each trace is built from its own events, whichever finishes first, and a node keeps
    /// what its request's made event and finished event said.
    @Test func interleavedTracesAreBuiltApart() throws {
        let recorder = DITraceRecorder()
        let start = ContinuousClock.now
        func event(
            _ kind: DIEvent.Kind,
            trace: UInt64,
            span: UInt64,
            parent: UInt64? = nil,
            _ request: String,
            storage: String? = nil,
            outcome: DIEvent.Outcome? = nil,
            at offset: Int
        ) -> DIEvent {
            DIEvent(
                kind: kind,
                time: start + .milliseconds(offset),
                traceID: trace,
                spanID: span,
                parentSpanID: parent,
                request: request,
                outcome: outcome,
                storage: storage
            )
        }
        let events = [
            event(.resolveStarted, trace: 901, span: 1, "Screen", at: 0),
            event(.resolveStarted, trace: 902, span: 2, "Clock", at: 1),
            event(.resolveStarted, trace: 901, span: 3, parent: 1, "Service", at: 2),
            event(.made, trace: 901, span: 3, "Service", storage: "prototype", at: 3),
            event(.reused, trace: 902, span: 2, "Clock", storage: "perContainer", at: 4),
            event(.resolveFinished, trace: 902, span: 2, "Clock", outcome: .reused, at: 4),
            event(.resolveFinished, trace: 901, span: 3, parent: 1, "Service", outcome: .made, at: 5),
            event(.made, trace: 901, span: 1, "Screen", storage: "objectGraph", at: 6),
            event(.resolveFinished, trace: 901, span: 1, "Screen", outcome: .made, at: 6),
        ]
        for event in events { recorder.receive(event) }
        let traces = recorder.traces
        #expect(traces.map(\.traceID) == [902, 901])
        #expect(traces.map { $0.root.request } == ["Clock", "Screen"])
        #expect(traces[0].root.children.isEmpty)
        #expect(traces[0].root.storage == "perContainer")
        #expect(traces[0].root.duration == .milliseconds(3))
        let screen = traces[1].root
        #expect(screen.storage == "objectGraph")
        #expect(screen.children.map(\.request) == ["Service"])
        #expect(screen.children.first?.storage == "prototype")
        #expect(screen.children.first?.outcome == .made)
        #expect(screen.duration == .milliseconds(6))
    }
}

extension Collection {
    /// The one element, or `nil` when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}

/// An object whose properties `inject(into:)` fills.
private final class InjectedScreen {
    var service: FeedService?
    var images: ImageCache?
    init() {}
}

@Suite struct InjectIntoTraceTests {
    /// `inject(into:)` is one trace: a request for the object's type, its injections'
    /// requests below it, and one line from a logger.
    @Test func anInjectionIntoAnObjectIsOneTrace() throws {
        let container = makeFeedContainer()
        container.register(InjectedScreen.self).injection(\.service).injection(\.images)
        let recorder = DITraceRecorder()
        let lines = Lines()
        container.addObserver(recorder)
        container.addObserver(DIConsoleLogger(level: .info) { lines.append($0) })
        let screen = InjectedScreen()
        container.inject(into: screen)
        #expect(screen.service != nil && screen.images != nil)

        let trace = try #require(recorder.traces.only)
        #expect(trace.root.request == "InjectedScreen")
        #expect(trace.root.outcome == .reused)
        #expect(trace.root.children.map(\.request) == ["FeedService", "ImageCache"])
        #expect(lines.all.filter { $0.hasPrefix("trace ") }.count == 1)
    }

    /// A failed injection fails the object's request, which names the chain.
    @Test func aFailedInjectionFailsTheObjectsRequest() throws {
        final class NeedsMissing {
            var missing: Missing?
            init() {}
        }
        let container = DIContainer()
        container.register(NeedsMissing.self).injection { $0.missing = $1 as Missing }
        let recorder = DITraceRecorder()
        container.addObserver(recorder)
        #expect(throws: DIError.self) { try container.tryInject(into: NeedsMissing()) }
        let trace = try #require(recorder.traces.only)
        #expect(trace.root.outcome == .failed)
        #expect(trace.root.error?.path.last == "Missing")
        #expect(trace.root.children.only?.outcome == .failed)
    }
}
