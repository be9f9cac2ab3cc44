import DICore
import Testing

private protocol SLService: AnyObject {}
private final class SLImpl: SLService {
    let label: String
    init(label: String) { self.label = label }
}
private final class SLOuter {
    init(service: SLService) {}
}

/// One `register` line run twice (a helper, a loop) registers two components that a list of
/// candidates would show alike: each says the line registered more than one.
@Suite struct SameLineCandidateTests {
    /// Registers an `SLImpl` answering `SLService`: one line, whoever calls it.
    @discardableResult
    private func registerService(_ container: DIContainer, _ label: String) -> DIComponentBuilder<SLImpl> {
        container.register { SLImpl(label: label) }.as(SLService.self)
    }

    private func container() -> DIContainer {
        let container = DIContainer()
        container.register(SLOuter.init)
        registerService(container, "a")
        registerService(container, "b")
        return container
    }

    @Test func theAmbiguityErrorSaysTheLineRegisteredBoth() throws {
        let error = try #require(throws: DIError.self) { try container().tryResolve() as SLOuter }
        let lines = String(describing: error).split(separator: "\n").dropFirst()
        #expect(lines.count == 2)
        for line in lines {
            #expect(line.hasPrefix("  - SLImpl (prototype) at DICoreTests/SameLineCandidateTests.swift:19"))
            #expect(
                line.hasSuffix(" (one of 2 this line registered, run again by a helper, a loop or a part loaded twice)")
            )
        }
    }

    @Test func validationSaysSoToo() throws {
        let problem = try #require(container().makeGraph().validate().first { $0.kind == .ambiguousDependency })
        #expect(
            problem.message.contains(
                "SameLineCandidateTests.swift:19 (one of 2 this line registered, run again by a helper, a loop or a part loaded twice); SLImpl"
            ),
            "\(problem.message)"
        )
    }

    /// Two lines: each candidate is told apart by its place, and nothing is added.
    @Test func candidatesOfTwoLinesAreListedAsTheyAre() throws {
        let container = DIContainer()
        container.register { SLImpl(label: "a") }.as(SLService.self)
        container.register { SLImpl(label: "b") }.as(SLService.self)
        let error = try #require(throws: DIError.self) { try container.tryResolve() as SLService }
        #expect(!String(describing: error).contains("this line registered"))
    }
}
