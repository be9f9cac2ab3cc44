#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line of the example app.
struct AppOptions {
    static let usage = "usage: ModularApp [--trace] [--graph FILE] [--mermaid FILE]"

    var trace = false
    var graphFile: String?
    var mermaidFile: String?

    /// The options `arguments` give, or `nil` when they are not the ones ``usage`` lists.
    init?<S: Sequence<String>>(_ arguments: S) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--trace":
                trace = true
            case "--graph":
                guard let file = iterator.next() else { return nil }
                graphFile = file
            case "--mermaid":
                guard let file = iterator.next() else { return nil }
                mermaidFile = file
            default:
                return nil
            }
        }
    }

    /// The options of this process; writes ``usage`` to standard error and exits with 64
    /// (`EX_USAGE`) when they are wrong.
    static func ofThisProcess() -> AppOptions {
        guard let options = AppOptions(CommandLine.arguments.dropFirst()) else {
            // `stderr` is a C global Swift 6 does not let code share; descriptor 2 is it.
            if let standardError = fdopen(2, "w") {
                fputs(usage + "\n", standardError)
                fflush(standardError)
            }
            exit(64)
        }
        return options
    }
}
