import Foundation

/// `swift run -c release --package-path Benchmarks TranquilBenchmarks [--quick] [--json FILE] [--filter TEXT]`
///
/// `--profile N --filter TEXT` runs only the Tranquil variant N times, untimed, for callgrind:
/// `valgrind --tool=callgrind .build…/TranquilBenchmarks --profile 100000 --filter "cached singleton"`.
/// `--variant hand` (or `swinject`) profiles that variant instead. `--list` prints the cases
/// for `Benchmarks/Scripts/instructions.py`, which counts each one's instructions.
///
/// Runs every case for hand-written code, Tranquil and Swinject in this one process and
/// prints median nanoseconds per operation, the ratios, and which goals hold.
@main
enum TranquilBenchmarks {
    static func main() throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        let quick = take("--quick", from: &arguments)
        let jsonPath = value(of: "--json", from: &arguments)
        let exact = take("--exact", from: &arguments)
        let text = value(of: "--filter", from: &arguments)
        // `--exact`: the case whose whole name is the text ("cached singleton" alone, not
        // "cached singleton, 2 threads").
        let filter = text.map { text in { (name: String) in exact ? name == text : name.contains(text) } }
        let profile = value(of: "--profile", from: &arguments).flatMap { Int($0) }
        let variant = value(of: "--variant", from: &arguments) ?? "tranquil"
        let list = take("--list", from: &arguments)
        guard arguments.isEmpty, ["hand", "tranquil", "swinject"].contains(variant) else {
            FileHandle.standardError.write(
                Data(
                    """
                    usage: TranquilBenchmarks [--quick] [--json FILE] [--filter TEXT]
                           [--profile N [--variant hand|tranquil|swinject]] [--list] [--exact]

                    """.utf8
                )
            )
            exit(2)
        }
        if list {
            // For Scripts/instructions.py: each case, how it is timed, and its variants.
            for (name, make) in Suite.all where filter?(name) ?? true {
                let bench = make()
                let variants = [("hand", bench.hand), ("tranquil", bench.tranquil), ("swinject", bench.swinject)]
                let present = variants.filter { $0.1 != nil }.map(\.0).joined(separator: ",")
                print("\(name)\t\(bench.counted.rawValue)\t\(present)")
            }
            return
        }
        if let profile {
            // A driver for `valgrind --tool=callgrind`: one variant of the filtered cases,
            // `profile` times, untimed.
            for (name, make) in Suite.all where filter?(name) ?? true {
                let bench = make()
                let run = variant == "hand" ? bench.hand : variant == "swinject" ? bench.swinject : bench.tranquil
                if let run { profiled(run, profile) }
            }
            print("checksum: \(BlackHole.checksum)")
            return
        }
        let harness = quick ? Harness.quick : Harness.full
        #if DEBUG
        print("warning: a debug build; run with -c release for meaningful numbers")
        #endif
        var rows: [Row] = []
        for group in Suite.groups {
            let cases = group.filter { filter?($0.name) ?? true }.map { (name: $0.name, bench: $0.make()) }
            if cases.isEmpty { continue }
            for row in Row.measuring(cases, with: harness) {
                rows.append(row)
                if quick { print("ok  \(row.name)") }
            }
        }
        let report = Report(rows: rows)
        print()
        print(report.table)
        print()
        print("¹ the hand column of these rows is the same resolve with no observer attached.")
        print("² only the clock reads the events of one observed resolve of the graph make (no resolve).")
        print()
        print(report.goalLines)
        print(report.explanationLines)
        print()
        let mode =
            quick
            ? "quick (1 round, ~1 ms; not for comparing)"
            : "full (15 rounds of ~20 ms, variants taking turns; median)"
        print("mode: \(mode)")
        print("checksum: \(BlackHole.checksum)")
        if let jsonPath {
            try report.json(mode: quick ? "quick" : "full").write(to: URL(fileURLWithPath: jsonPath))
            print("wrote \(jsonPath)")
        }
    }

    /// Runs a case's body `n` times for `--profile`: callgrind counts just this call with
    /// `--toggle-collect` (CONTRIBUTING has the command). Never inlined nor specialized, so
    /// it keeps its symbol.
    @inline(never)
    @_optimize(none)
    static func profiled(_ body: BenchCase.Body, _ n: Int) {
        _ = body(n)
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
