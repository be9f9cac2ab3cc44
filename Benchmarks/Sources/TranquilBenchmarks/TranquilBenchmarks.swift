import Foundation
import Swinject

/// `swift run -c release --package-path Benchmarks TranquilBenchmarks [--quick] [--json FILE] [--filter TEXT]`
///
/// Runs every case for hand-written code, Tranquil and Swinject in this one process and
/// prints median nanoseconds per operation, the ratios, and which goals hold.
@main
enum TranquilBenchmarks {
    static func main() throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        let quick = take("--quick", from: &arguments)
        let jsonPath = value(of: "--json", from: &arguments)
        let filter = value(of: "--filter", from: &arguments)
        guard arguments.isEmpty else {
            FileHandle.standardError.write(Data("usage: TranquilBenchmarks [--quick] [--json FILE] [--filter TEXT]\n".utf8))
            exit(2)
        }
        let harness = quick ? Harness.quick : Harness.full
        // Swinject prints every failed resolve with all registrations listed; an app that
        // cares about speed turns that off, and the table should not time `print`.
        Container.loggingFunction = nil
        #if DEBUG
        print("warning: a debug build; run with -c release for meaningful numbers")
        #endif
        var rows: [Row] = []
        for make in Suite.all {
            let bench = make()
            if let filter, !bench.name.contains(filter) { continue }
            let row = Row(measuring: bench, with: harness)
            rows.append(row)
            if quick { print("ok  \(row.name)") }
        }
        let report = Report(rows: rows)
        print()
        print(report.table)
        print()
        print("¹ the hand column of these rows is the same resolve with no observer attached.")
        print()
        print(report.goalLines)
        print()
        print("mode: \(quick ? "quick (1 round, ~1 ms; not for comparing)" : "full (7 rounds of ~25 ms, median)")")
        print("checksum: \(BlackHole.checksum)")
        if let jsonPath {
            try report.json(mode: quick ? "quick" : "full").write(to: URL(fileURLWithPath: jsonPath))
            print("wrote \(jsonPath)")
        }
    }

    private static func take(_ flag: String, from arguments: inout [String]) -> Bool {
        guard let index = arguments.firstIndex(of: flag) else { return false }
        arguments.remove(at: index)
        return true
    }

    private static func value(of option: String, from arguments: inout [String]) -> String? {
        guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
        let value = arguments[index + 1]
        arguments.removeSubrange(index...index + 1)
        return value
    }
}
