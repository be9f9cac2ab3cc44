import Foundation

/// The run's results as a table, goals and JSON.
struct Report {
    /// One goal from the issue, checked against the rows.
    struct Goal: Encodable {
        let text: String
        let value: Double?
        let holds: Bool
    }

    let rows: [Row]

    /// The table, aligned, with medians in nanoseconds per operation.
    var table: String {
        let header = ["case", "hand ns", "Tranquil ns", "Swinject ns", "Tranquil÷hand", "Swinject÷Tranquil"]
        let body = rows.map { row in
            [
                row.name,
                Self.nanoseconds(row.hand),
                Self.nanoseconds(row.tranquil),
                Self.nanoseconds(row.swinject),
                Self.ratio(row.tranquilOverHand),
                Self.ratio(row.swinjectOverTranquil),
            ]
        }
        let lines = [header] + body
        let widths = header.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
        func render(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }
            return "| " + padded.joined(separator: " | ") + " |"
        }
        let rule =
            "|"
            + widths.enumerated().map { column, width in
                String(repeating: "-", count: width + 1) + (column == 0 ? "-" : ":")
            }.joined(separator: "|") + "|"
        return ([render(header), rule] + body.map(render)).joined(separator: "\n")
    }

    /// The speed goals (DESIGN "Speed", tightened by the resolve-plan issue), each with the
    /// ratio it is judged by.
    var goals: [Goal] {
        func row(_ name: String) -> Row? { rows.first { $0.name == name } }
        func tranquil(_ name: String) -> Double? { row(name)?.tranquil }
        func quotient(_ a: Double?, _ b: Double?) -> Double? {
            guard let a, let b, b > 0 else { return nil }
            return a / b
        }
        func goal(_ text: String, _ value: Double?, _ holds: (Double) -> Bool) -> Goal {
            Goal(text: text, value: value, holds: value.map(holds) ?? false)
        }
        let graph = "3-object graph (shared C)"
        // The slowest failed optional resolve, whatever the number of registrations.
        let failedOptional = rows.filter { $0.name.hasPrefix("failed optional") }.compactMap(\.tranquil).max()
        return [
            goal("cached resolve ≥20x faster than Swinject .container", row("cached singleton")?.swinjectOverTranquil) {
                $0 >= 20
            },
            goal(
                "cached resolve on 2 threads ≤1.5x one thread's, per thread",
                quotient(tranquil("cached singleton, 2 threads (per thread)"), tranquil("cached singleton"))
            ) { $0 <= 1.5 },
            goal("3-object graph ≥20x faster than Swinject", row(graph)?.swinjectOverTranquil) { $0 >= 20 },
            goal("3-object graph ≤2.5x hand-written", row(graph)?.tranquilOverHand) { $0 <= 2.5 },
            goal(
                "3-object graph observed ≤3x unobserved (counting observer)",
                row("3-object graph + counting observer ¹")?.tranquilOverHand
            ) { $0 <= 3 },
            goal(
                "layered 100, prototype, ≤2x hand-written",
                row("layered 100, prototype (5,747 objects)")?.tranquilOverHand
            ) { $0 <= 2 },
            goal(
                "layered 100, objectGraph, ≤3x hand-written",
                row("layered 100, objectGraph (579 objects)")?.tranquilOverHand
            ) { $0 <= 3 },
            goal(
                "failed optional ≤2x a cached resolve (slowest failed optional ÷ cached singleton)",
                quotient(failedOptional, tranquil("cached singleton"))
            ) { $0 <= 2 },
            goal(
                "failed optional flat (10,000 within 2x of 10)",
                quotient(tranquil("failed optional, 10,000 registered"), tranquil("failed optional, 10 registered"))
            ) { $0 <= 2 },
            goal(
                "registration linear (10,000 within 12x of 1,000)",
                quotient(tranquil("register 10,000 components"), tranquil("register 1,000 components"))
            ) { $0 <= 12 },
            goal(
                "validation linear (10,000 within 12x of 1,000)",
                quotient(tranquil("validate 10,000 components"), tranquil("validate 1,000 components"))
            ) { $0 <= 12 },
            goal(
                "first resolves linear (1,000 roots within 12x of 100)",
                quotient(tranquil("first resolve of 1,000 roots"), tranquil("first resolve of 100 roots"))
            ) { $0 <= 12 },
        ]
    }

    /// What the two goals this machine misses come to without the part no code of the
    /// container's can change (see Benchmarks/README.md): each a ratio, or `nil` when a row
    /// it is read from was not measured.
    var explanations: [(text: String, value: Double?)] {
        func tranquil(_ name: String) -> Double? { rows.first { $0.name == name }?.tranquil }
        let observed = rows.first { $0.name == "3-object graph + counting observer ¹" }
        let clockReads = tranquil("the clock reads of one observed 3-object graph ²")
        let withoutClock = observed.flatMap { row in
            clockReads.flatMap { reads in
                row.tranquil.flatMap { total in row.hand.map { (total - reads) / $0 } }
            }
        }
        let alone = tranquil("cached singleton")
        let apart = tranquil("cached singletons, 2 threads, one each (per thread)")
        return [
            ("3-object graph observed ÷ unobserved, less its clock reads", withoutClock),
            (
                "cached resolve on 2 threads, a singleton each, ÷ one thread's, per thread",
                apart.flatMap { apart in alone.map { apart / $0 } }
            ),
        ]
    }

    /// The explanations, one line each.
    var explanationLines: String {
        explanations.map { "note  \($0.text): \(Self.ratio($0.value))" }.joined(separator: "\n")
    }

    /// The goals, one line each: PASS/MISS, the goal, the measured ratio.
    var goalLines: String {
        goals.map { goal in
            "\(goal.holds ? "PASS" : "MISS")  \(goal.text): \(Self.ratio(goal.value))"
        }.joined(separator: "\n")
    }

    /// The rows and goals as JSON.
    func json(mode: String) throws -> Data {
        struct Document: Encodable {
            let mode: String
            let unit: String
            let rows: [Row]
            let goals: [Goal]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(Document(mode: mode, unit: "ns/op (median)", rows: rows, goals: goals))
    }

    private static func nanoseconds(_ value: Double?) -> String {
        guard let value else { return "—" }
        if value >= 100 { return grouped(Int(value.rounded())) }
        return String(format: "%.1f", value)
    }

    private static func ratio(_ value: Double?) -> String {
        guard let value else { return "—" }
        return value >= 100 ? "\(Int(value.rounded()))x" : String(format: "%.1fx", value)
    }

    private static func grouped(_ value: Int) -> String { value.formatted }
}
