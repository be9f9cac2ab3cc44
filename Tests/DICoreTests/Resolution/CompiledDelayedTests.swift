import DICore
import DILazy
import TestSupport
import Testing

// A `Lazy` or `Provider` resolves with the compiled root of its pinned component's plan
// (issue 27), in the graph it was handed out in. What a user observes must not change
// from the first value (compiled then) to the later ones, or from the general way a value
// read inside a factory takes: the instances, what they share with the graph, and the
// events.

private final class CDShared: Sendable {}

private protocol CDPage: AnyObject, Sendable {
    var shared: CDShared { get }
}

private final class CDPageImpl: CDPage {
    let shared: CDShared
    let serial: Int
    init(shared: CDShared, serial: Int) {
        self.shared = shared
        self.serial = serial
    }
}

private final class CDScreen: Sendable {
    let shared: CDShared
    let pages: Provider<CDPageImpl>
    let protocolPages: Provider<any CDPage>
    init(shared: CDShared, pages: Provider<CDPageImpl>, protocolPages: Provider<any CDPage>) {
        self.shared = shared
        self.pages = pages
        self.protocolPages = protocolPages
    }
}

/// A screen whose providers make pages over the screen's `objectGraph` instance.
private func screenContainer(serials: Counter) -> DIContainer {
    let container = DIContainer()
    container.register(CDShared.init).lifetime(.objectGraph)
    container.register { CDPageImpl(shared: $0, serial: serials.increment()) }.as(CDPage.self)
    container.register(CDScreen.init)
    return container
}

@Suite struct CompiledDelayedTests {
    /// Every value is a new page over the graph the provider came from, not another's.
    @Test(arguments: [false, true])
    func everyValueIsNewAndSharesTheProvidersGraph(observed: Bool) {
        let serials = Counter()
        let container = screenContainer(serials: serials)
        if observed { container.addObserver(EventLog()) }
        let screen: CDScreen = container.resolve()
        let other: CDScreen = container.resolve()
        #expect(screen.shared !== other.shared)
        var seen: Set<Int> = []
        for round in 0..<4 {
            let page = screen.pages.value
            let aliased = screen.protocolPages.value
            #expect(page.shared === screen.shared, "round \(round)")
            #expect(aliased.shared === screen.shared, "round \(round)")
            #expect(other.pages.value.shared === other.shared, "round \(round)")
            seen.insert(page.serial)
        }
        #expect(seen.count == 4)
        #expect(serials.value == 12)
    }

    /// A value read inside a factory (the general way, joined to the resolve in progress)
    /// is the same kind of instance as one read from outside (compiled).
    @Test func aValueReadInsideAFactoryMatchesOneReadOutside() {
        let container = screenContainer(serials: Counter())
        let screen: CDScreen = container.resolve()
        let outside = screen.pages.value
        let inside: CDPageImpl = {
            let probe = DIContainer()
            probe.register { () -> CDPageImpl in screen.pages.value }
            return probe.resolve()
        }()
        #expect(outside !== inside)
        #expect(inside.shared === screen.shared)
    }

    /// A compiled value reports what a value the general way made reports, in the trace of
    /// the graph its provider came from.
    @Test func aCompiledValueReportsTheSameEventsLinkedToItsGraph() {
        let container = screenContainer(serials: Counter())
        let log = EventLog()
        container.addObserver(log)
        let screen: CDScreen = container.resolve()
        let handedOut = log.all.first?.traceID
        var rounds: [[String]] = []
        for _ in 0..<3 {
            log.reset()
            _ = screen.pages.value
            #expect(log.all.allSatisfy { $0.linkedTraceID == handedOut })
            rounds.append(
                log.all.map { event in
                    "\(event.kind) \(event.request ?? "-") \(event.depth) \(event.outcome.map { "\($0)" } ?? "-")"
                }
            )
        }
        #expect(rounds[0].first == "resolveStarted CDPageImpl 0 -")
        #expect(rounds[0].contains("reused CDShared 1 -"))
        #expect(rounds[1] == rounds[0])
        #expect(rounds[2] == rounds[0])
    }

    /// A registration after the provider was handed out changes what a parameter of its
    /// component gets, as in the general way: the plan is made again, and compiled again.
    @Test func aRegistrationAfterwardsReachesTheNextValue() {
        let container = screenContainer(serials: Counter())
        let screen: CDScreen = container.resolve()
        _ = screen.pages.value
        _ = screen.pages.value
        let replacement = CDShared()
        container.register { replacement }.test()
        for _ in 0..<2 {
            #expect(screen.pages.value.shared === replacement)
        }
    }

    /// Providers of one type, read on many threads at once, each get pages of their own graph.
    @Test func providersReadOnManyThreadsKeepToTheirGraphs() async {
        let container = screenContainer(serials: Counter())
        let screens: [CDScreen] = (0..<4).map { _ in container.resolve() }
        let mismatches = Counter()
        await race(threads: 8) { thread in
            let screen = screens[thread % screens.count]
            for _ in 0..<200 {
                if screen.pages.value.shared !== screen.shared { _ = mismatches.increment() }
                if screen.protocolPages.value.shared !== screen.shared { _ = mismatches.increment() }
            }
        }
        #expect(mismatches.value == 0)
    }
}

// A graph with more `objectGraph` components than a shared graph keeps in a list (16):
// past it, its cells move to a hash table, and a provider's values must find the same
// instances there.

private protocol CDMember: AnyObject, Sendable {}

private final class CDNode<Tag>: CDMember {}

private final class CDCrowd: Sendable {
    let members: [any CDMember]
    init(members: [any CDMember]) { self.members = members }
}

private final class CDCrowdScreen: Sendable {
    let members: [any CDMember]
    let crowds: Provider<CDCrowd>
    init(members: [any CDMember], crowds: Provider<CDCrowd>) {
        self.members = members
        self.crowds = crowds
    }
}

private enum CDTag0 {}
private enum CDTag1 {}
private enum CDTag2 {}
private enum CDTag3 {}
private enum CDTag4 {}

extension CompiledDelayedTests {
    /// 20 `objectGraph` members (four generic nodes over five tags): a provider handed out
    /// in the graph makes crowds over the very members the screen got, every value.
    @Test func aProviderOverALargeGraphSharesEveryMemberOfIt() {
        let container = DIContainer()
        func add<Tag>(_ tag: Tag.Type) {
            container.register(CDNode<Tag>.init).as(check: (any CDMember).self) { $0 }.lifetime(.objectGraph)
            container.register(CDNode<(Tag, Tag)>.init).as(check: (any CDMember).self) { $0 }.lifetime(.objectGraph)
            container.register(CDNode<[Tag]>.init).as(check: (any CDMember).self) { $0 }.lifetime(.objectGraph)
            container.register(CDNode<Tag?>.init).as(check: (any CDMember).self) { $0 }.lifetime(.objectGraph)
        }
        add(CDTag0.self)
        add(CDTag1.self)
        add(CDTag2.self)
        add(CDTag3.self)
        add(CDTag4.self)
        container.register { CDCrowd(members: many($0)) }
        container.register { CDCrowdScreen(members: many($0), crowds: $1) }
        for _ in 0..<3 {
            let screen: CDCrowdScreen = container.resolve()
            #expect(screen.members.count == 20)
            let expected = screen.members.map(ObjectIdentifier.init)
            for _ in 0..<3 {
                let crowd = screen.crowds.value
                #expect(crowd.members.map(ObjectIdentifier.init) == expected)
            }
        }
    }
}
