import DICore
import Testing

// The selection rules among a container's candidates, as a table: which candidate a request
// gets for each mix of plain, `.default()` and `.test()` registrations (the framework rules
// are PriorityTests' in DIPartsTests). Written out, not computed from the rules.

private protocol STService: AnyObject, Sendable {
    var label: String { get }
}

private final class STImpl: STService {
    let label: String
    init(label: String) { self.label = label }
}

/// A candidate: its label says how it is registered ("plain", "default", "test", "test+default").
private enum STMark: Sendable {
    case plain, `default`, test, testDefault
}

@Suite struct SelectionTableTests {
    /// Candidates (in registration order) → the label of the winner, or `nil` when no rule
    /// picks one (`.ambiguous`, or `.notRegistered` for no candidate).
    private static let table: [(marks: [STMark], winner: String?)] = [
        ([], nil),
        ([.plain], "0 plain"),
        ([.plain, .plain], nil),
        ([.plain, .default], "1 default"),
        ([.default, .plain], "0 default"),
        ([.default, .default], nil),
        ([.plain, .test], "1 test"),
        ([.test, .default], "0 test"),
        ([.test, .test], nil),
        ([.test, .testDefault], "1 test+default"),
        ([.plain, .default, .test], "2 test"),
        ([.testDefault, .default, .plain], "0 test+default"),
    ]

    private func container(_ marks: [STMark]) -> DIContainer {
        let container = DIContainer()
        for (index, mark) in marks.enumerated() {
            let label: String
            switch mark {
            case .plain: label = "\(index) plain"
            case .default: label = "\(index) default"
            case .test: label = "\(index) test"
            case .testDefault: label = "\(index) test+default"
            }
            let builder = container.register { STImpl(label: label) }.as((any STService).self)
            switch mark {
            case .plain: break
            case .default: builder.default()
            case .test: builder.test()
            case .testDefault: builder.test().default()
            }
        }
        return container
    }

    @Test(arguments: table.indices)
    func theRulesPickTheWinnerTheTableNames(row: Int) {
        let (marks, winner) = Self.table[row]
        let container = container(marks)
        let result: Result<any STService, DIError> = Result { () throws(DIError) in try container.tryResolve() }
        switch (result, winner) {
        case (.success(let service), let winner?):
            #expect(service.label == winner, "\(marks)")
        case (.failure(let error), nil):
            #expect(error.kind == (marks.isEmpty ? .notRegistered : .ambiguous), "\(marks)")
        case (.success(let service), nil):
            Issue.record("\(marks): expected no winner, got \(service.label)")
        case (.failure(let error), let winner?):
            Issue.record("\(marks): expected \(winner), got \(error)")
        }
        // An optional request gets the same winner, or nil where no rule picks one.
        let optional: (any STService)? = container.resolve()
        #expect(optional?.label == winner, "\(marks)")
        // `many` lists every candidate whatever the rules, in registration order.
        let all: [any STService] = container.resolveMany()
        #expect(all.count == marks.count)
    }
}

extension SelectionTableTests {
    /// Ties → what the error, validation and the optional request's warning say, with the
    /// mark to add or undo.
    private static let ties: [(marks: [STMark], tie: String)] = [
        ([.plain, .plain], "2 \(plainTie) (mark one .default() to pick it)"),
        ([.default, .default, .plain], "3 \(plainTie) (2 are .default(): keep .default() on one)"),
        ([.test, .test], "2 \(testTie)"),
        ([.testDefault, .testDefault], "2 \(testTie)"),
        // Several `.test()` set the rest aside: the default is not among the tied.
        ([.test, .test, .default], "2 \(testTie)"),
    ]
    private static let plainTie = "components match and no .test(), framework or .default() rule picks one"
    private static let testTie =
        "components marked .test() match, which sets every other candidate aside, and no framework or .default() rule picks one of them (keep .test() on one)"

    @Test(arguments: ties.indices)
    func aTieSaysWhichMarkToAddOrUndo(row: Int) {
        let (marks, tie) = Self.ties[row]
        let container = container(marks)
        let result: Result<any STService, DIError> = Result { () throws(DIError) in try container.tryResolve() }
        guard case .failure(let error) = result else {
            Issue.record("\(marks): no error")
            return
        }
        #expect(error.reason == tie)

        final class Holder: Sendable {
            init(_ service: any STService) {}
        }
        container.register(Holder.init)
        let problems = container.makeGraph().validate().filter { $0.kind == .ambiguousDependency }
        #expect(problems.count == 1)
        #expect(problems.first?.message.hasPrefix("SelectionTableTests.Holder needs STService: \(tie): ") == true)

        let warnings = DiagnosticLog()
        container.addObserver(warnings)
        let optional: (any STService)? = container.resolve()
        #expect(optional == nil)
        let warning = "STService: \(tie), so the optional request gets nil: "
        #expect(warnings.all.map(\.message).contains { $0.hasPrefix(warning) })
    }
}
