import DICore
import DILogging
import Testing

#if os(macOS) || os(Linux)  // exit tests: not on iOS, tvOS, watchOS or visionOS
// `DISetting.Log.fun` is a `DILogFunc?` (nil switches logging off) and
// `DISetting.Defaults.lifeTime` sets new registrations' lifetime, as in DITranquillity 6.
// Each runs in a process of its own: the settings are global.

private final class Logged {}

@Suite struct LogFuncTests {
    @Test func nilLogFuncSwitchesLoggingOff() async {
        await #expect(processExitsWith: .success) {
            let lines = Lines()
            let fun: DILogFunc = { _, message in lines.append(message) }
            DISetting.Log.fun = fun
            DISetting.Log.level = .verbose
            let container = DIContainer()
            container.register(Logged.init)
            let _: Logged = container.resolve()
            precondition(!lines.all.isEmpty)
            DISetting.Log.fun = nil
            precondition(DISetting.Log.fun == nil)
            let before = lines.all.count
            let _: Logged = container.resolve()
            precondition(lines.all.count == before)
        }
    }

    /// With nothing set up, `checkIsValid()` writes each finding to standard error, as
    /// DESIGN promises ("logs each problem as an error/warning").
    @Test func checkIsValidWritesItsFindingsWithNoSetup() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            final class Needy {
                init(missing: Logged) {}
            }
            let container = DIContainer()
            container.register(Needy.init)
            precondition(!container.makeGraph().checkIsValid())
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("error: LogFuncTests.Needy needs Logged: nothing is registered for it"), "\(text)")
    }

    /// Logging switched off (level `.none`) keeps it quiet.
    @Test func checkIsValidIsQuietWithLoggingOff() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            final class Needy {
                init(missing: Logged) {}
            }
            DISetting.Log.level = .none
            let container = DIContainer()
            container.register(Needy.init)
            precondition(!container.makeGraph().checkIsValid())
        }
        #expect(result?.standardErrorContent.isEmpty == true)
    }

    @Test func defaultLifetimeAppliesToLaterRegistrations() async {
        await #expect(processExitsWith: .success) {
            DISetting.Defaults.lifeTime = .perContainer(.single)
            let container = DIContainer()
            container.register(Logged.init)
            precondition((container.resolve() as Logged) === (container.resolve() as Logged))
        }
    }

    /// A default `.custom(scope)` notes the container as the scope's, as `.lifetime` does:
    /// the scope's clean reaches its observers.
    @Test func aDefaultScopedLifetimeHearsOfTheScopesClean() async {
        await #expect(processExitsWith: .success) {
            let scope = DIScope(name: "session")
            DISetting.Defaults.lifeTime = .custom(scope)
            let container = DIContainer()
            container.register(Logged.init)
            let cleans = Lines()
            container.addObserver(CleanLines(cleans))
            let first: Logged = container.resolve()
            scope.clean()
            precondition(cleans.all == ["scope session: 1"], "\(cleans.all)")
            precondition((container.resolve() as Logged) !== first)
        }
    }
}

/// Writes each `.cleaned` event as `scope: count`.
private final class CleanLines: DIObserver {
    let lines: Lines
    init(_ lines: Lines) { self.lines = lines }
    func receive(_ event: DIEvent) {
        if event.kind == .cleaned { lines.append("\(event.scope ?? ""): \(event.count)") }
    }
}
#endif
