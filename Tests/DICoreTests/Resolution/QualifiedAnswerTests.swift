import DICore
import TestSupport
import Testing

// A request with a name or a tag is remembered as a plain one is, under its type and its
// name or tags: repeat resolves run the compiled plan, report what the first reported,
// and a registration still changes the answer.

private protocol QAStore: Sendable {}

private final class QAMemory: QAStore {}

private final class QADisk: QAStore {}

private final class QACloud: QAStore {}

private final class QAStub: QAStore {}

private enum QAFastTag {}

private final class QALeaf: Sendable {}

private final class QARoot: Sendable {
    let leaf: QALeaf
    let label: String
    init(leaf: QALeaf, label: String) {
        self.leaf = leaf
        self.label = label
    }
}

/// `QAStore` registered plainly, by two names and by a tag: four answers for one type.
private func storeWiring() -> DIContainer {
    let container = DIContainer()
    container.register(QAMemory.init).as((any QAStore).self).lifetime(.objectGraph)
    container.register(QADisk.init).as((any QAStore).self, name: "disk").lifetime(.objectGraph)
    container.register(QACloud.init).as((any QAStore).self, name: "cloud").lifetime(.objectGraph)
    container.register(QAStub.init).as((any QAStore).self, tag: QAFastTag.self).lifetime(.objectGraph)
    return container
}

/// Each request's store, by its kind: `""` plain, `"disk"`, `"cloud"`, `"tag"`.
private func store(_ container: DIContainer, _ request: String) -> any QAStore {
    switch request {
    case "": container.resolve()
    case "tag": container.resolve(tag: QAFastTag.self)
    default: container.resolve(name: request)
    }
}

@Suite struct QualifiedAnswerTests {
    /// Plain, named and tagged requests of one type, resolved over and over in turn: each
    /// gets its own component every time, never another's remembered answer.
    @Test func requestsOfOneTypeWithDifferentNamesAndTagsKeepTheirOwnAnswers() {
        let container = storeWiring()
        for _ in 0..<4 {
            #expect(store(container, "") is QAMemory)
            #expect(store(container, "disk") is QADisk)
            #expect(store(container, "cloud") is QACloud)
            #expect(store(container, "tag") is QAStub)
        }
    }

    /// Many names for one type (configuration values, say), each resolved over and over:
    /// every name keeps its own value as the table of named answers grows.
    @Test func manyNamesOfOneTypeKeepTheirOwnValues() {
        let container = DIContainer()
        let names = (0..<40).map { "setting\($0)" }
        for name in names {
            container.register { "value of \(name)" }.as(String.self, name: name).lifetime(.perContainer(.strong))
        }
        for _ in 0..<3 {
            for name in names {
                let value: String = container.resolve(name: name)
                #expect(value == "value of \(name)")
            }
        }
        #if TRANQUIL_INTERNAL_CHECKS
        container.checkInvariants()
        #endif
    }

    /// A name written with other bytes that `String` calls equal ("é" composed, or "e" and
    /// a combining accent) finds the same component, the first time and every time after.
    @Test func twoSpellingsOfOneNameFindTheSameComponent() {
        let container = DIContainer()
        container.register(QADisk.init).as((any QAStore).self, name: "caf\u{E9}").lifetime(.objectGraph)
        for _ in 0..<3 {
            #expect(store(container, "caf\u{E9}") is QADisk)
            #expect(store(container, "cafe\u{301}") is QADisk)
        }
        #if TRANQUIL_INTERNAL_CHECKS
        container.checkInvariants()
        #endif
    }

    /// A registration made after a named request was remembered (and compiled) changes its
    /// answer: here a `.test()` override under the same name.
    @Test func aRegistrationChangesARememberedNamedAnswer() {
        let container = storeWiring()
        for _ in 0..<3 { #expect(store(container, "disk") is QADisk) }
        container.register(QAStub.init).as((any QAStore).self, name: "disk").lifetime(.objectGraph).test()
        for _ in 0..<3 { #expect(store(container, "disk") is QAStub) }
        #expect(store(container, "cloud") is QACloud)
    }

    /// A named cached instance is remembered until a clean drops it.
    @Test func aNamedCachedInstanceIsKeptUntilItsClean() {
        let container = DIContainer()
        container.register(QAMemory.init).as((any QAStore).self, name: "shared").lifetime(.perContainer(.strong))
        let first: any QAStore = container.resolve(name: "shared")
        let again: any QAStore = container.resolve(name: "shared")
        #expect(first as AnyObject === again as AnyObject)
        container.clean()
        let afterClean: any QAStore = container.resolve(name: "shared")
        #expect(afterClean as AnyObject !== first as AnyObject)
    }

    /// An observer sees the same events, the request's name included, on a first resolve,
    /// a second (which compiles the plan) and a third (which runs it); a missing name fails
    /// with an error that names it every time.
    @Test func aRememberedNamedRequestReportsWhatTheFirstReported() throws {
        let container = DIContainer()
        container.register(QALeaf.init).lifetime(.objectGraph)
        container.register { QARoot(leaf: $0, label: "main") }.as(QARoot.self, name: "main").lifetime(.objectGraph)
        let events = EventLog()
        container.addObserver(events)
        var traces: [[String]] = []
        for _ in 0..<3 {
            events.reset()
            let _: QARoot = try container.tryResolve(name: "main")
            traces.append(events.all.filter { $0.kind != .registered }.map { "\($0.kind) \($0.request ?? "")" })
        }
        #expect(traces[0].first == "resolveStarted QARoot (name: \"main\")")
        #expect(traces[0].last == "resolveFinished QARoot (name: \"main\")")
        #expect(traces[1] == traces[0])
        #expect(traces[2] == traces[0])
        for _ in 0..<2 {
            #expect {
                let _: QARoot = try container.tryResolve(name: "tape")
            } throws: { error in
                (error as? DIError)?.description.contains("tape") == true
            }
        }
    }

    /// A remembered named instance is reported under its name too, as the resolve that
    /// found it reported it.
    @Test func aRememberedNamedInstanceIsReportedUnderItsName() throws {
        let container = DIContainer()
        container.register(QADisk.init).as((any QAStore).self, name: "disk").lifetime(.perContainer(.strong))
        let events = EventLog()
        container.addObserver(events)
        var traces: [[String]] = []
        for _ in 0..<3 {
            events.reset()
            let _: any QAStore = try container.tryResolve(name: "disk")
            traces.append(events.all.filter { $0.kind != .registered }.map { "\($0.kind) \($0.request ?? "")" })
        }
        #expect(traces[0].contains("made QAStore (name: \"disk\")"))
        #expect(
            traces[1] == [
                "resolveStarted QAStore (name: \"disk\")", "reused QAStore (name: \"disk\")",
                "resolveFinished QAStore (name: \"disk\")",
            ]
        )
        #expect(traces[2] == traces[1])
    }

    /// A named request with runtime arguments is remembered too: every resolve gets its own
    /// arguments, and a mismatch fails the same way before and after the plan is compiled.
    @Test func aNamedRequestWithArgumentsGetsItsOwnArgumentsEveryTime() throws {
        let container = DIContainer()
        container.register(QALeaf.init).lifetime(.objectGraph)
        container.register { QARoot(leaf: $0, label: arg($1)) }.as(QARoot.self, name: "labelled")
        for label in ["a", "b", "c", "d"] {
            let root: QARoot = container.resolve(name: "labelled", args: label)
            #expect(root.label == label)
        }
        for _ in 0..<2 {
            #expect(throws: DIError.self) {
                let _: QARoot = try container.tryResolve(name: "labelled", args: 42)
            }
        }
    }

    /// The awaited named and tagged requests share the remembered answers of the
    /// synchronous ones.
    @Test func awaitedNamedRequestsGetTheirOwnAnswers() async {
        let container = storeWiring()
        for _ in 0..<3 {
            let disk: any QAStore = await container.resolve(name: "disk")
            let tagged: any QAStore = await container.resolve(tag: QAFastTag.self)
            let plain: any QAStore = await container.resolve()
            #expect(disk is QADisk)
            #expect(tagged is QAStub)
            #expect(plain is QAMemory)
        }
    }

    /// Threads resolving plain, named and tagged requests of one type at once, with a
    /// round that overrides one name: each always gets its own request's component.
    @Test func threadsGetTheirOwnRequestsAnswers() async {
        let container = storeWiring()
        let overrideRound = 2
        let wrong = Counter()
        let finished = await race(
            rounds: 4,
            threads: 8,
            prepare: { round in
                if round == overrideRound {
                    container.register(QAStub.init).as((any QAStore).self, name: "cloud").lifetime(.objectGraph).test()
                }
                return round
            },
            { round, thread in
                let requests = ["", "disk", "cloud", "tag"]
                for index in 0..<200 {
                    let request = requests[(index + thread) % requests.count]
                    let answer = store(container, request)
                    let right =
                        switch request {
                        case "": answer is QAMemory
                        case "disk": answer is QADisk
                        case "cloud": round < overrideRound ? answer is QACloud : answer is QAStub
                        default: answer is QAStub
                        }
                    if !right { wrong.increment() }
                }
            }
        )
        #expect(finished)
        #expect(wrong.value == 0)
        #if TRANQUIL_INTERNAL_CHECKS
        container.checkInvariants()
        #endif
    }
}
