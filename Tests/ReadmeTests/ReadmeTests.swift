import Foundation
import Testing

/// README.md's quick start is `Examples/QuickStart/main.swift`, which `swift build` compiles
/// (and `swift run QuickStart` runs): these tests keep the two identical.
@Suite struct ReadmeTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The ```swift blocks of a Markdown text.
    private static func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.hasPrefix("```swift") {
                current = []
            } else if current != nil, line.hasPrefix("```") {
                blocks.append((current ?? []).joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func quickStartIsTheCompiledExample() throws {
        let readme = try Self.read("README.md")
        let example = try Self.read("Examples/QuickStart/main.swift")
        let quickStart = try #require(Self.swiftBlocks(in: readme).first)
        #expect(quickStart + "\n" == example)
    }

    @Test func readmeShowsTheTwoCommands() throws {
        let readme = try Self.read("README.md")
        #expect(readme.contains("swift run ModularApp"))
        #expect(readme.contains("swift test"))
    }
}
