import DICore
import DILogging
import TestSupport
import Testing

// Types only this suite resolves. The log is process-wide, so it also sees what suites
// running at the same time resolve: filtering by the shared fixtures' names would count
// their messages too.

private final class SettingDatabase: Sendable {}

private final class SettingFeedService: Sendable {
    let database: SettingDatabase
    init(database: SettingDatabase) { self.database = database }
}

private final class SettingImageCache: Sendable {}

private final class SettingFeedScreen {
    let service: SettingFeedService
    let images: Lazy<SettingImageCache>
    init(service: SettingFeedService, images: Lazy<SettingImageCache>) {
        self.service = service
        self.images = images
    }
}

private final class SettingMissing {}

private final class SettingBroken {
    init(missing: SettingMissing) {}
}

private protocol SettingClient: AnyObject {}
private final class SettingLiveClient: SettingClient {}
private final class SettingStubClient: SettingClient {}

private final class SettingSwitchLeaf: Sendable {}

/// Made between two requests of its holder: its factory changes the log level.
private final class SettingSwitch: Sendable {}

private final class SettingSwitchRoot: Sendable {
    init(switch: SettingSwitch, leaf: SettingSwitchLeaf) {}
}

/// A container whose `SettingSwitchRoot` sets the log level to `level` while it is resolved,
/// after its first parameter and before its second.
private func makeSwitchingContainer(to level: DILogLevel) -> DIContainer {
    let container = DIContainer()
    container.register { () -> SettingSwitch in
        DISetting.Log.level = level
        return SettingSwitch()
    }
    container.register(SettingSwitchLeaf.init)
    container.register(SettingSwitchRoot.init)
    return container
}

private final class SettingDipFirst: Sendable {
    init(leaf: SettingSwitchLeaf) {}
}

private final class SettingDipSecond: Sendable {
    init(leaf: SettingSwitchLeaf) {}
}

private final class SettingDipRoot: Sendable {
    init(first: SettingDipFirst, second: SettingDipSecond) {}
}

/// A container whose `SettingDipRoot`'s first parameter sets the log level to `dip` and
/// its second back to `.verbose`.
private func makeDippingContainer(to dip: DILogLevel) -> DIContainer {
    let container = DIContainer()
    container.register(SettingSwitchLeaf.init)
    container.register { (leaf: SettingSwitchLeaf) -> SettingDipFirst in
        DISetting.Log.level = dip
        return SettingDipFirst(leaf: leaf)
    }
    container.register { (leaf: SettingSwitchLeaf) -> SettingDipSecond in
        DISetting.Log.level = .verbose
        return SettingDipSecond(leaf: leaf)
    }
    container.register(SettingDipRoot.init)
    return container
}

/// The feed app's registrations, with this suite's types.
private func makeSettingFeedContainer() -> DIContainer {
    let container = DIContainer()
    container.register(SettingDatabase.init).lifetime(.perContainer(.strong))
    container.register(SettingFeedService.init).lifetime(.perContainer(.strong))
    container.register(SettingImageCache.init)
    container.register(SettingFeedScreen.init)
    return container
}

/// `DISetting.Log` is process-wide: these tests run one at a time and restore the defaults.
@Suite(.serialized) struct DISettingTests {
    private struct Message: Equatable {
        let level: DILogLevel
        let text: String
    }

    private final class Capture: Sendable {
        let lines = Lines()
        /// Messages mentioning this test's own types only (other suites log too).
        func messages(about marker: String) -> [Message] {
            lines.all.compactMap { line in
                let parts = line.split(separator: "|", maxSplits: 1).map(String.init)
                guard parts.count == 2, parts[1].contains(marker) else { return nil }
                return DILogLevel.allCases.first { "\($0)" == parts[0] }.map { Message(level: $0, text: parts[1]) }
            }
        }
    }

    /// Runs `body` with `fun` capturing, then puts the defaults back.
    private func capturing(at level: DILogLevel, _ body: (Capture) throws -> Void) rethrows {
        // Every resolve of the process is logged meanwhile (see `ProcessWideObservation`).
        try withProcessWideObservationExclusive {
            let capture = Capture()
            DISetting.Log.fun = { level, message in capture.lines.append("\(level)|\(message)") }
            DISetting.Log.level = level
            defer { DISetting.Log.reset() }
            try body(capture)
        }
    }

    @Test func defaultsAreWarningAndTwoSpaces() {
        #expect(DISettings.Log.level == .warning || DISettings.Log.level == .none)
        #expect(DISetting.Log.tab == "  ")
    }

    @Test(arguments: [
        (DILogLevel.none, [DILogLevel]()),
        (.error, [.error]),
        (.warning, [.error]),  // a `.default()` choice is no warning
        (.info, [.error, .info, .info]),
    ])
    func levelFiltersMessages(level: DILogLevel, expected: [DILogLevel]) {
        capturing(at: level) { capture in
            let container = DIContainer()
            container.register(SettingLiveClient.init).as(SettingClient.self)
            container.register(SettingStubClient.init).as(SettingClient.self).default()
            container.register(SettingBroken.init)
            let _: SettingClient = container.resolve()  // the choice's note + the resolve, both info
            #expect(throws: DIError.self) { let _: SettingBroken = try container.tryResolve() }  // error
            let messages = capture.messages(about: "SettingClient") + capture.messages(about: "SettingMissing")
            #expect(messages.map(\.level).sorted() == expected.sorted())
        }
    }

    /// `.verbose` adds the trees; a failure stays an error, for a `fun` that routes errors.
    @Test func aFailureIsAnErrorAtVerboseToo() {
        capturing(at: .verbose) { capture in
            let container = DIContainer()
            container.register(SettingBroken.init)
            #expect(throws: DIError.self) { let _: SettingBroken = try container.tryResolve() }
            let messages = capture.messages(about: "SettingMissing")
            let errors = messages.filter { $0.level == .error }.map(\.text)
            #expect(errors.count == 1)
            #expect(errors.first?.hasPrefix("error: cannot resolve SettingMissing: nothing is registered") == true)
            // The tree is written too, before it.
            #expect(messages.contains { $0.level == .verbose && $0.text.contains("resolve SettingMissing → failed") })
        }
    }

    @Test func verboseWritesTreesIndentedByTab() {
        capturing(at: .verbose) { capture in
            DISetting.Log.tab = "\t"
            let container = makeSettingFeedContainer()
            let _: SettingFeedScreen = container.resolve()
            // One message per tree, its lines joined by newlines.
            let trees = capture.messages(about: "SettingFeed").filter { $0.text.hasPrefix("trace ") }
            #expect(trees.map(\.level) == [.verbose])
            let lines = trees.first.map { $0.text.split(separator: "\n") } ?? []
            // SettingFeedScreen, its service, the service's database.
            #expect(lines.map { $0.prefix { $0 == "\t" }.count } == [0, 1, 2])
            #expect(capture.messages(about: "registered SettingFeedScreen").count == 1)
        }
    }

    /// A resolve that started at `.info` has no tree: raised to `.verbose` while it runs,
    /// the log writes its one line, not the rest of the resolve as if it were a whole trace.
    @Test func levelRaisedDuringAResolveAppliesFromTheNextOne() {
        capturing(at: .info) { capture in
            let container = makeSwitchingContainer(to: .verbose)
            let _: SettingSwitchRoot = container.resolve()
            let first = capture.messages(about: "SettingSwitch").filter { $0.text.hasPrefix("trace ") }
            #expect(first.map(\.level) == [.info])
            #expect(first.allSatisfy { $0.text.contains(": resolve SettingSwitchRoot → made") })
            let _: SettingSwitchRoot = container.resolve()
            let second = capture.messages(about: "SettingSwitch").filter { $0.text.hasPrefix("trace ") }.dropFirst()
            #expect(second.map(\.level) == [.verbose])
            #expect(second.first?.text.split(separator: "\n").count == 3)
        }
    }

    /// A resolve that started at `.verbose` and ends below it is written as that level
    /// writes it: one line at `.info`.
    @Test func levelLoweredDuringAResolveWritesItsEndAsTheLowerLevel() {
        capturing(at: .verbose) { capture in
            let container = makeSwitchingContainer(to: .info)
            let _: SettingSwitchRoot = container.resolve()
            let first = capture.messages(about: "SettingSwitch").filter { $0.text.hasPrefix("trace ") }
            #expect(first.map(\.level) == [.info])
            DISetting.Log.level = .verbose
            let _: SettingFeedScreen = makeSettingFeedContainer().resolve()
            let trees = capture.messages(about: "SettingFeedScreen").filter { $0.text.hasPrefix("trace ") }
            #expect(trees.map(\.level) == [.verbose])
        }
    }

    /// A tree started at `.verbose` is followed to its end whatever the level meanwhile:
    /// back at `.verbose` by then, it is written whole.
    @Test(arguments: [DILogLevel.info, .warning, .none])
    func levelDippingDuringAResolveStillWritesItsTree(dip: DILogLevel) {
        capturing(at: .verbose) { capture in
            let _: SettingDipRoot = makeDippingContainer(to: dip).resolve()
            let trees = capture.messages(about: "SettingDipRoot").filter { $0.text.hasPrefix("trace ") }
            #expect(trees.map(\.level) == [.verbose])
            // The root, each of its parameters, and each one's leaf.
            #expect(trees.first?.text.split(separator: "\n").count == 5)
        }
    }

    /// After `reset()`, a function set alone logs at the default level: a resolve's `.info`
    /// line is not written, a warning is; and the tab is two spaces again.
    @Test func resetPutsTheDefaultsBack() {
        capturing(at: .verbose) { capture in
            DISetting.Log.tab = "\t"
            DISetting.Log.reset()
            #expect(DISetting.Log.level == .warning)
            #expect(DISetting.Log.tab == "  ")
            #expect(DISetting.Log.fun != nil)
            DISetting.Log.fun = { level, message in capture.lines.append("\(level)|\(message)") }
            let container = makeSettingFeedContainer()
            let _: SettingFeedScreen = container.resolve()
            #expect(capture.messages(about: "SettingFeedScreen").isEmpty)
            let missing: SettingDatabase? = container.resolve(name: "misspelled")
            #expect(missing == nil)
            #expect(capture.messages(about: "SettingDatabase").map(\.level) == [.warning])
        }
    }

    @Test func levelNoneRemovesTheGlobalObserver() {
        capturing(at: .info) { capture in
            DISetting.Log.level = .none
            let container = makeSettingFeedContainer()
            let _: SettingFeedScreen = container.resolve()
            #expect(capture.messages(about: "SettingFeedScreen").isEmpty)
            DISetting.Log.level = .info
            let _: SettingFeedScreen = container.resolve()
            #expect(capture.messages(about: "SettingFeedScreen").count == 1)
        }
    }
}
