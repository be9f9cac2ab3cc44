import DICore
import DILazy
import Testing

// Where a component answers a request for another type (`.as`), the path of an error says
// which one: of several exporters, the one that failed.

private protocol APExporter: AnyObject {}
private final class APFonts {}
private final class APPlain: APExporter {}
private final class APPDF: APExporter {
    init(fonts: APFonts) {}
}

private final class APScreen {
    init(exporter: any APExporter) {}
}

private final class APMenu {
    init(exporters: [any APExporter]) {}
}

@Suite struct AliasPathTests {
    private func container() -> DIContainer {
        let container = DIContainer()
        container.register(APPDF.init).as((any APExporter).self)
        container.register(APScreen.init)
        return container
    }

    /// The first resolve (the general way), the next ones (compiled), and with an observer.
    @Test func theComponentAnsweringAnAliasIsNamedOnThePath() throws {
        let container = container()
        for round in 0..<3 {
            if round == 2 { container.addObserver(EventLog()) }
            let error = #expect(throws: DIError.self) { let _: APScreen = try container.tryResolve() }
            #expect(error?.path == ["APScreen", "APPDF as APExporter", "APFonts"], "round \(round)")
            #expect(error?.requested == "APFonts")
            #expect(error?.description.contains("(APScreen → APPDF as APExporter → APFonts)") == true)
        }
    }

    @Test func atTheTopAndInAManyToo() {
        let container = container()
        container.register(APPlain.init).as((any APExporter).self)
        container.register { APMenu(exporters: many($0)) }
        let top = #expect(throws: DIError.self) { let _: [any APExporter] = try container.tryResolveMany() }
        #expect(top?.path == ["[APExporter]", "APPDF as APExporter", "APFonts"])
        let menu = #expect(throws: DIError.self) { let _: APMenu = try container.tryResolve() }
        #expect(menu?.path == ["APMenu", "[APExporter]", "APPDF as APExporter", "APFonts"])
    }

    /// A trace's failure carries the same path as the error thrown.
    @Test func theTraceSaysTheSame() throws {
        let container = container()
        let log = EventLog()
        container.addObserver(log)
        let error = #expect(throws: DIError.self) { let _: APScreen = try container.tryResolve() }
        let ended = try #require(log.all.last { $0.kind == .resolveFinished && $0.depth == 0 })
        #expect(ended.outcome == .failed)
        #expect(ended.error?.path == error?.path)
    }

    /// A request for the component's own type is no alias: its path is as before.
    @Test func aRequestForTheComponentsOwnTypeIsUnchanged() {
        let container = container()
        let error = #expect(throws: DIError.self) { let _: APPDF = try container.tryResolve() }
        #expect(error?.path == ["APPDF", "APFonts"])
    }
}

private final class APMissing {}

private final class APLazyHolder {
    init(missing: Lazy<APMissing>) {}
}

private final class APRouter: APExporter {
    init(port: Int) {}
}

private final class APRouterHolder {
    init(exporter: Provider1<any APExporter, String>) {}
}

/// A `Lazy` or `Provider` that cannot be handed out names itself as written, then what it
/// delays: the component chosen for it, or the type nothing answers.
@Suite struct DelayedPathTests {
    @Test func aMissingDelayedTypeFollowsItsWrapperOnThePath() {
        let container = DIContainer()
        container.register(APLazyHolder.init)
        let error = #expect(throws: DIError.self) { let _: APLazyHolder = try container.tryResolve() }
        #expect(error?.path == ["APLazyHolder", "Lazy<APMissing>", "APMissing"])
        #expect(error?.requested == "APMissing")
        let top = #expect(throws: DIError.self) { let _: Provider<APMissing> = try container.tryResolve() }
        #expect(top?.path == ["Provider<APMissing>", "APMissing"])
    }

    @Test func argumentsThatCannotFitNameTheAliasChosen() {
        let container = DIContainer()
        container.register { APRouter(port: arg($0)) }.as((any APExporter).self)
        container.register(APRouterHolder.init)
        let error = #expect(throws: DIError.self) { let _: APRouterHolder = try container.tryResolve() }
        #expect(error?.kind == .argumentMismatch)
        #expect(error?.path == ["APRouterHolder", "Provider1<APExporter, String>", "APRouter as APExporter"])
    }
}
