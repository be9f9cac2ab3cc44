import DICore
import DILogging
import TestSupport
import Testing

// A sink that resolves from the container it logs: a destination registered there, say.
// Its resolves are not written, or each line would make another without end.

private final class RSDestination: Sendable {}
private final class RSScreen: Sendable {
    let destination: RSDestination
    init(destination: RSDestination) { self.destination = destination }
}

/// How deep a sink's calls nest in this task, the deepest seen, and where a sink stops
/// resolving: endless recursion turns into a failed expectation. Per task, since other
/// suites' resolves reach the global log from other threads meanwhile; and the global log's
/// depth is its own, since this suite's other sinks resolve in tasks of theirs, which the
/// global log hears of too.
private final class RSDepth: Sendable {
    @TaskLocal private static var current = 0
    @TaskLocal private static var currentGlobal = 0
    private let isGlobal: Bool
    private let deepestSeen = LockedValue(0)
    private let limit = 8

    init(global: Bool = false) { isGlobal = global }

    /// Runs `body` one level deeper, unless past the limit.
    func deeper(_ body: () -> Void) {
        let depth = (isGlobal ? Self.currentGlobal : Self.current) + 1
        deepestSeen.withLock { $0 = max($0, depth) }
        guard depth <= limit else { return }
        if isGlobal {
            Self.$currentGlobal.withValue(depth, operation: body)
        } else {
            Self.$current.withValue(depth, operation: body)
        }
    }

    var deepest: Int { deepestSeen.withLock { $0 } }
}

/// The global log's test has types of its own: the log also writes what the other tests
/// of this suite resolve meanwhile.
private final class RSGlobalDestination: Sendable {}
private final class RSGlobalScreen: Sendable {
    init(destination: RSGlobalDestination) {}
}

private func makeRSContainer(_ lifetime: DILifeTime) -> DIContainer {
    let container = DIContainer()
    container.register(RSDestination.init).lifetime(lifetime)
    container.register(RSScreen.init)
    return container
}

@Suite struct ResolvingSinkTests {
    @Test(arguments: [DILogLevel.info, .verbose], [DILifeTime.prototype, .perContainer(.single)])
    func aSinkThatResolvesWritesOnlyTheAppsResolves(level: DILogLevel, lifetime: DILifeTime) {
        let container = makeRSContainer(lifetime)
        let depth = RSDepth()
        let lines = Lines()
        let resolvedBySink = Counter()
        let logger = DIConsoleLogger(level: level) { line in
            depth.deeper {
                let _: RSDestination = container.resolve()
                resolvedBySink.increment()
                lines.append(line)
            }
        }
        container.addObserver(logger)
        // The sink holds the container that holds the logger: break the cycle.
        defer { container.removeObserver(logger) }
        let _: RSScreen = container.resolve()
        let _: RSScreen = container.resolve()
        #expect(depth.deepest == 1)
        #expect(resolvedBySink.value == 2)
        #expect(lines.all.count == 2)
        #expect(lines.all.allSatisfy { $0.hasPrefix("trace ") && $0.contains("resolve RSScreen") })
    }

    @Test func anotherLoggerWritesWhatTheSinkResolves() {
        let container = makeRSContainer(.prototype)
        let other = Lines()
        let resolving = DIConsoleLogger(level: .info) { _ in let _: RSDestination = container.resolve() }
        container.addObserver(resolving)
        defer { container.removeObserver(resolving) }
        container.addObserver(DIConsoleLogger(level: .info) { other.append($0) })
        let _: RSScreen = container.resolve()
        // The app's resolve, and the sink's.
        #expect(other.all.count == 2)
        #expect(other.all.contains { $0.contains("resolve RSDestination") })
    }

    @Test func aLogFunctionThatResolvesLogsOnlyTheAppsResolves() {
        let container = DIContainer()
        container.register(RSGlobalDestination.init)
        container.register(RSGlobalScreen.init)
        let depth = RSDepth(global: true)
        let lines = Lines()
        withProcessWideObservationExclusive {
            let defaultFun = DISetting.Log.fun
            defer {
                DISetting.Log.level = .none
                DISetting.Log.fun = defaultFun
                DISetting.Log.level = .warning
                DISetting.Log.level = .none
            }
            DISetting.Log.fun = { _, line in
                depth.deeper {
                    let _: RSGlobalDestination = container.resolve()
                    lines.append(line)
                }
            }
            DISetting.Log.level = .info
            let _: RSGlobalScreen = container.resolve()
        }
        #expect(depth.deepest == 1)
        #expect(lines.all.contains { $0.contains("resolve RSGlobalScreen") })
        #expect(!lines.all.contains { $0.contains("resolve RSGlobalDestination") })
    }
}
