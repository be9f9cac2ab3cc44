import Foundation
import NewsReader
import Testing
import Tranquil

/// The graph in the README is what `swift run ModularApp --graph` writes today.
@Suite struct DocsGraphTests {
    /// `TRANQUIL_WRITE_GRAPH_EXAMPLE=1 swift test --filter DocsGraphTests` rewrites
    /// `docs/modular-app.dot`; then `dot -Tpng docs/modular-app.dot -o docs/modular-app.png`.
    @Test func docsModularAppDotIsWhatTheAppWrites() throws {
        let dot = NewsReaderApp.makeContainer().makeGraph().dot()
        let file = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "docs/modular-app.dot")
        if ProcessInfo.processInfo.environment["TRANQUIL_WRITE_GRAPH_EXAMPLE"] != nil {
            try dot.write(to: file, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: file, encoding: .utf8)
        #expect(
            committed == dot,
            "docs/modular-app.dot is stale: TRANQUIL_WRITE_GRAPH_EXAMPLE=1 swift test --filter DocsGraphTests"
        )
    }
}
