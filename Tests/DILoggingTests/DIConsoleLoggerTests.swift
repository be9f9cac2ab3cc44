import DICore
import DILogging
import Dispatch
import Testing

@Suite struct DIConsoleLoggerTests {
    private func logging(_ level: DILogLevel) -> (DIContainer, Lines) {
        let container = makeFeedContainer()
        let lines = Lines()
        container.addObserver(DIConsoleLogger(level: level, tab: "..") { lines.append($0) })
        return (container, lines)
    }

    @Test func infoWritesOneLinePerTopLevelResolve() throws {
        let (container, lines) = logging(.info)
        let _: FeedScreen = container.resolve()
        let line = try #require(lines.all.only)
        #expect(line.replacingDigits().hasPrefix("trace #: resolve FeedScreen → made FeedScreen (prototype) "))
        #expect(line.contains(" ms [DILoggingTests/Fixtures.swift:"))
    }

    /// What the docs say: `.info` writes the first line of the tree `.verbose` writes.
    @Test func infoWritesTheTopLineOfTheVerboseTreeOnly() {
        let container = makeFeedContainer()
        let info = Lines()
        let verbose = Lines()
        container.addObserver(DIConsoleLogger(level: .info) { info.append($0) })
        container.addObserver(DIConsoleLogger(level: .verbose) { verbose.append($0) })
        let _: FeedScreen = container.resolve()
        #expect(verbose.all.count == 1)
        let tree = verbose.all.flatMap { $0.split(separator: "\n").map(String.init) }
        #expect(tree.count == 3)
        #expect(tree.dropFirst().allSatisfy { $0.hasPrefix("  resolve ") || $0.hasPrefix("    resolve ") })
        #expect(info.all == Array(tree.prefix(1)))
    }

    @Test func verboseWritesTheIndentedTreeInRequestOrder() {
        let (container, lines) = logging(.verbose)
        let _: FeedScreen = container.resolve()
        let _: FeedService = container.resolve()
        // One message per tree.
        let text = lines.all.map { $0.replacingDigits() }
        #expect(
            text == [
                """
                trace #: resolve FeedScreen → made FeedScreen (prototype) #.# ms [DILoggingTests/Fixtures.swift:#]
                ..resolve FeedService → made FeedService (perContainer) #.# ms [DILoggingTests/Fixtures.swift:#]
                ....resolve Database → made Database (perContainer) #.# ms [DILoggingTests/Fixtures.swift:#]
                """,
                "trace #: resolve FeedService → reused FeedService (perContainer) #.# ms [DILoggingTests/Fixtures.swift:#]",
            ]
        )
    }

    /// Each tree reaches the sink whole, however many threads resolve at once: what the
    /// sink got, read line by line, is one tree after another.
    @Test func treesOfConcurrentResolvesReachTheSinkWhole() {
        let (container, messages) = logging(.verbose)
        let threads = 4
        let rounds = 1_000
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<rounds { let _: FeedScreen = container.resolve() }
        }
        var trees: [[Substring]] = []
        for line in messages.all.joined(separator: "\n").split(separator: "\n") {
            if line.hasPrefix("trace ") || trees.isEmpty {
                trees.append([line])
            } else {
                trees[trees.count - 1].append(line)
            }
        }
        #expect(trees.count == threads * rounds)
        // The first resolve makes the service and its database; the others reuse the service.
        let wellFormed = trees.filter { tree in
            tree.first?.contains("resolve FeedScreen") == true && tree.count <= 3
                && tree.dropFirst().first?.hasPrefix("..resolve FeedService") == true
                && tree.dropFirst(2).allSatisfy { $0.hasPrefix("....resolve Database") }
        }
        #expect(wellFormed.count == trees.count)
    }

    @Test func errorLevelWritesEachFailureOnceAndNothingElse() throws {
        let (container, lines) = logging(.error)
        let _: FeedScreen = container.resolve()
        #expect(throws: DIError.self) { let _: Broken = try container.tryResolve() }
        let line = try #require(lines.all.only)
        #expect(line.hasPrefix("error: cannot resolve Missing: nothing is registered for it (Broken → Missing)"))
    }

    @Test func aChoiceMadeByDefaultIsInformationNotAWarning() throws {
        let container = DIContainer()
        let warnings = Lines()
        let infos = Lines()
        container.register(LiveClient.init).as(Client.self)
        container.register(StubClient.init).as(Client.self).default()
        container.addObserver(DIConsoleLogger(level: .warning) { warnings.append($0) })
        container.addObserver(DIConsoleLogger(level: .info) { infos.append($0) })
        let _: Client = container.resolve()
        #expect(warnings.all.isEmpty)
        #expect(infos.all.contains { $0.hasPrefix("info: Client: 2 components match; .default() picked") })
    }

    @Test func noneWritesNothing() {
        let (container, lines) = logging(.none)
        let _: FeedScreen = container.resolve()
        #expect(throws: DIError.self) { let _: Broken = try container.tryResolve() }
        #expect(lines.all.isEmpty)
    }

    @Test func cleanIsWrittenAtInfo() {
        let (container, lines) = logging(.info)
        let _: FeedService = container.resolve()
        container.clean()
        #expect(lines.all.last == "cleaned perContainer: 2 instances")
    }

    @Test(arguments: [DILogLevel.none, .error, .warning, .info, .verbose])
    func levelsAreOrderedFromNoneToVerbose(level: DILogLevel) {
        let all = DILogLevel.allCases
        #expect(all.sorted() == all)
        #expect(all.filter { $0 <= level }.count == all.firstIndex(of: level).map { $0 + 1 })
    }
}

extension String {
    /// Runs of digits become `#`, so durations and line numbers compare stably.
    func replacingDigits() -> String {
        var result = ""
        for character in self {
            if character.isNumber {
                if result.last != "#" { result.append("#") }
            } else {
                result.append(character)
            }
        }
        return result
    }
}
