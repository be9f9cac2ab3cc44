import DICore
import Testing

private final class CNSession {}

/// A `custom(name:)` lifetime's name is any string: wherever it is printed (the lifetime,
/// traces, clean events, graphs) it is spelled as its string literal, so a quote or a line
/// break in it neither ends the text early nor breaks the line.
@Suite struct CustomNameSpellingTests {
    private let name = "sc\"ope\\x\nsecond line"
    private let literal = #""sc\"ope\\x\nsecond line""#

    @Test func theLifetimeIsSpelledAsItsLiteral() {
        #expect("\(DILifeTime.custom(name: "session"))" == #"custom("session")"#)
        #expect("\(DILifeTime.custom(name: name))" == "custom(\(literal))")
    }

    @Test func tracesAndCleansSpellItAsItsLiteral() throws {
        let container = DIContainer()
        container.register(CNSession.init).lifetime(.custom(name: name))
        let log = EventLog()
        container.addObserver(log)
        let _: CNSession = container.resolve()
        let _: CNSession = container.resolve()
        container.clean(custom: name)
        container.removeObserver(log)
        let reused = try #require(log.all.first { $0.kind == .reused })
        #expect(reused.storage == "custom(\(literal))")
        let cleaned = try #require(log.all.first { $0.kind == .cleaned })
        #expect(cleaned.scope == "custom(\(literal))")
        #expect(cleaned.count == 1)
    }

    @Test func graphsKeepItOnOneLine() {
        let container = DIContainer()
        container.register(CNSession.init).lifetime(.custom(name: name))
        let graph = container.makeGraph()
        for picture in [graph.dot(), graph.mermaid()] {
            let line = picture.split(separator: "\n").first { $0.contains("CNSession") }
            #expect(line?.contains("second line") == true, "\(picture)")
        }
    }
}

private final class CNScreen {}

/// A `DIScope`'s name is written as given when it reads as plain text (`custom(session)`),
/// and as its string literal when it holds a quote, a backslash or a line break.
@Suite struct ScopeNameSpellingTests {
    private let name = "sc\"ope\\x\nsecond line"
    private let literal = #""sc\"ope\\x\nsecond line""#

    @Test func aPlainNameIsWrittenAsGiven() {
        #expect("\(DILifeTime.custom(DIScope(name: "user session")))" == "custom(user session)")
    }

    /// Line breaks `String(reflecting:)` leaves as they are (NEL, the line and paragraph
    /// separators) are escaped too, in scope names and in `custom(name:)` ones alike.
    @Test func everyLineBreakIsEscaped() {
        for (name, escaped) in [
            ("a\u{2028}b", #"a\u{2028}b"#), ("a\u{2029}b", #"a\u{2029}b"#), ("a\u{85}b", #"a\u{85}b"#),
        ] {
            #expect("\(DILifeTime.custom(DIScope(name: name)))" == "custom(\"\(escaped)\")")
            #expect("\(DILifeTime.custom(name: name))" == "custom(\"\(escaped)\")")
        }
    }

    @Test func anOddNameIsWrittenAsItsLiteral() {
        #expect("\(DILifeTime.custom(DIScope(name: name)))" == "custom(\(literal))")
        #expect("\(DILifeTime.custom(DIScope(name: "")))" == #"custom("")"#)
    }

    @Test func tracesAndCleansWriteItOnOneLine() throws {
        let scope = DIScope(name: name)
        let container = DIContainer()
        container.register(CNScreen.init).lifetime(.custom(scope))
        let log = EventLog()
        container.addObserver(log)
        let _: CNScreen = container.resolve()
        let _: CNScreen = container.resolve()
        scope.clean()
        container.removeObserver(log)
        let reused = try #require(log.all.first { $0.kind == .reused })
        #expect(reused.storage == "custom(\(literal))")
        let cleaned = try #require(log.all.first { $0.kind == .cleaned })
        #expect(cleaned.scope == "scope \(literal)")
    }

    @Test func graphsKeepItOnOneLine() {
        let container = DIContainer()
        container.register(CNScreen.init).lifetime(.custom(DIScope(name: name)))
        let graph = container.makeGraph()
        for picture in [graph.dot(), graph.mermaid()] {
            let line = picture.split(separator: "\n").first { $0.contains("CNScreen") }
            #expect(line?.contains("second line") == true, "\(picture)")
        }
    }
}
