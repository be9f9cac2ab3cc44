import DICore
import DILazy
import Foundation
import Testing

private protocol GEFeed: AnyObject {}
private final class GEHTTPClient {}
private final class GESession {}
private final class GEFeedService: GEFeed {
    init(client: GEHTTPClient, session: GESession) {}
}
private final class GEFeedScreen {
    var router: GERouter?
    init(feed: GEFeed, later: Lazy<GEHTTPClient>, details: Provider1<GEDetails, String>) {}
}
private final class GEDetails {
    init(client: GEHTTPClient, id: String) {}
}
private final class GERouter {
    weak var screen: GEFeedScreen?
    init() {}
}
private final class GEAnalytics {}
private final class GEApp {
    init(screen: GEFeedScreen, trackers: [GEAnalytics], crash: GECrashReporter?, settings: GESettings) {}
}
private final class GECrashReporter {}
private final class GESettings {}
private final class GEMissing {}
private final class GEBroken {
    init(missing: GEMissing) {}
}

private enum GENetworkFramework {}
private enum GENetworkPart {}
private enum GEFeedFramework {}
private enum GEFeedPart {}
private enum GEAppPart {}

/// A small app: two frameworks with parts, an app part, every edge style, one error.
private func exampleContainer(broken: Bool) -> DIContainer {
    let container = DIContainer()
    container.load(OriginUnit(GENetworkFramework.self), isFramework: true) {
        container.load(OriginUnit(GENetworkPart.self), isFramework: false) {
            container.register(GEHTTPClient.init).lifetime(.perFramework(.single))
            container.register(GESession.init).lifetime(.perPart(.single))
        }
    }
    container.load(OriginUnit(GEFeedFramework.self), isFramework: true) {
        container.recordImport(OriginUnit(GENetworkFramework.self))
        container.load(OriginUnit(GEFeedPart.self), isFramework: false) {
            container.register(GEFeedService.init).as(GEFeed.self).lifetime(.perContainer(.single))
            container.register(GEFeedScreen.init).lifetime(.objectGraph).injection(\.router)
            container.register { GEDetails(client: $0, id: arg($1)) }
            container.register(GERouter.init).lifetime(.objectGraph).injection(cycle: true, \.screen)
        }
    }
    container.load(OriginUnit(GEAppPart.self), isFramework: false) {
        container.register(GEAnalytics.init)
        container.register(GEAnalytics.init).as(GEAnalytics.self, name: "crashlytics")
        container.register { GEApp(screen: $0, trackers: many($1), crash: $2, settings: $3) }
        container.register(GESettings.init).lifetime(.single).default()
    }
    if broken { container.register(GEBroken.init) }
    return container
}

private final class GEDelayedOptionals {
    init(lazy: Lazy<GEAnalytics>?, provider: Provider<GEAnalytics>?) {}
}

private final class GEOptionals {
    init(typo: GESettings?, absent: GEMissing?, tied: GEAnalytics?, missing: GEMissing) {}
}

@Suite struct GraphExportTests {
    @Test func dotDrawsFrameworksAndPartsAsNestedClusters() {
        let dot = exampleContainer(broken: false).makeGraph().dot()
        let lines = dot.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.first == "digraph Tranquil {")
        #expect(lines.last == "}")
        let clusters = lines.filter { $0.hasPrefix("subgraph cluster_") }
        #expect(clusters.filter { $0.hasPrefix("subgraph cluster_framework_") }.count == 2)
        #expect(clusters.filter { $0.hasPrefix("subgraph cluster_part_") }.count == 3)
        #expect(
            lines.contains(
                "label=\"GENetworkFramework\"; style=\"rounded,filled\"; fillcolor=\"#f5f7fb\"; color=\"#5a6b8c\";"
            )
        )
        // Each part's cluster opens one level inside its framework's; the app part at the top.
        var depth = 0
        var depths: [String: Int] = [:]
        for line in lines {
            if line.hasPrefix("subgraph cluster_"), let name = line.split(separator: "_").last {
                depths[String(name.dropLast(2))] = depth
            }
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
        }
        #expect(depth == 0)
        #expect(depths["GEFeedFramework"] == 1 && depths["GEFeedPart"] == 2)
        #expect(depths["GENetworkFramework"] == 1 && depths["GENetworkPart"] == 2)
        #expect(depths["GEAppPart"] == 1)
    }

    @Test func dotStylesNodesByLifetimeAndEdgesByKind() {
        let dot = exampleContainer(broken: false).makeGraph().dot()
        #expect(dot.contains("shape=box3d"))  // single
        #expect(dot.contains("shape=folder"))  // perFramework
        #expect(dot.contains("shape=tab"))  // perPart
        #expect(dot.contains("shape=ellipse, style=\"filled,dashed\""))  // prototype
        #expect(dot.contains("peripheries=2"))  // default
        #expect(dot.contains("[label=\"lazy\", style=\"dashed\"]"))
        #expect(dot.contains("[label=\"provider (String)\", style=\"dotted\"]"))
        #expect(dot.contains("[label=\"[many]\", style=\"bold\"]"))
        #expect(dot.contains("arrowhead=odot"))
        #expect(dot.contains("label=\"optional cycle property\", arrowhead=odot, constraint=false, color=\"#1f6feb\""))
        #expect(dot.contains("n4 -> n3;"))  // a plain parameter
        #expect(!dot.contains("color=red"))
        // Node ids are positions, so the text is the same for every graph of this wiring.
        #expect(dot.contains("n1 [label=\"GEHTTPClient\\nperFramework(.single)"))
        #expect(dot == exampleContainer(broken: false).makeGraph().dot())
    }

    /// A child's graph holds its parent's components too: each says where it lives, so the
    /// same registration in both containers reads as two.
    @Test func ancestorsComponentsSayWhichContainerHoldsThem() {
        let grandparent = DIContainer()
        grandparent.register(GEHTTPClient.init)
        let parent = DIContainer(parent: grandparent)
        parent.register(GEHTTPClient.init)
        let child = DIContainer(parent: parent)
        child.register(GEHTTPClient.init)
        let labels = child.makeGraph().dot().split(separator: "\n").filter { $0.contains("label=\"GEHTTPClient") }
        #expect(labels.count == 3)
        #expect(labels.filter { $0.contains("prototype\\n") }.count == 1)
        #expect(labels.filter { $0.contains("prototype · in the parent\\n") }.count == 1)
        #expect(labels.filter { $0.contains("prototype · 2 containers up\\n") }.count == 1)
        #expect(child.makeGraph().mermaid().contains("prototype · in the parent"))
    }

    @Test func dotDrawsFailingEdgesRedToAMissingNode() {
        let dot = exampleContainer(broken: true).makeGraph().dot()
        #expect(dot.contains("missing1 [label=\"missing: GEMissing\", shape=octagon"))
        #expect(dot.range(of: #"n\d+ -> missing1 \[color=red, fontcolor=red\]"#, options: .regularExpression) != nil)
    }

    /// A picture draws red exactly what validation reports: here a required missing
    /// dependency, an optional one under a name nothing carries and a tied optional (`nil`
    /// every time), not an optional that is merely absent.
    @Test func exportsDrawRedExactlyTheUnansweredEdgesValidationReports() {
        let container = DIContainer()
        container.register(GESettings.init).as(GESettings.self, name: "main")
        container.register(GEAnalytics.init)
        container.register(GEAnalytics.init)
        container.register(GEOptionals.init) { by(name: "mian", on: $0) }
        let graph = container.makeGraph()
        let reported = graph.validate().filter { $0.kind == .missingDependency || $0.kind == .ambiguousDependency }
        #expect(reported.count == 3)
        let dot = graph.dot()
        #expect(dot.contains("missing1 [label=\"missing: GESettings? (name: \\\"mian\\\")\", shape=octagon"))
        #expect(dot.contains("missing2 [label=\"ambiguous: GEAnalytics? (2)\", shape=octagon"))
        #expect(dot.contains("missing3 [label=\"missing: GEMissing\", shape=octagon"))
        #expect(!dot.contains("missing4"))
        let mermaid = graph.mermaid()
        #expect(mermaid.components(separatedBy: ":::missing").count - 1 == reported.count)
    }

    /// An optional `Lazy`, `Provider` or `many` ends in a circle in `mermaid()` as in `dot()`.
    @Test func anOptionalDelayedEdgeEndsInACircleInBothPictures() {
        let container = DIContainer()
        container.register(GEDelayedOptionals.init)
        container.register(GEAnalytics.init)
        let graph = container.makeGraph()
        let mermaid = graph.mermaid()
        #expect(mermaid.contains("-.-o|\"lazy optional\"|"))
        #expect(mermaid.contains("-.-o|\"provider optional\"|"))
        #expect(!mermaid.contains("-.->"))
        #expect(graph.dot().components(separatedBy: "arrowhead=odot").count - 1 == 2)
    }

    @Test func mermaidHasSubgraphsLinkStylesAndClasses() throws {
        let mermaid = exampleContainer(broken: true).makeGraph().mermaid()
        let lines = mermaid.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.first == "flowchart LR")
        let subgraphs = lines.filter { $0.hasPrefix("subgraph ") }
        #expect(subgraphs.filter { $0.hasPrefix("subgraph framework_") }.count == 2)
        #expect(subgraphs.filter { $0.hasPrefix("subgraph part_") }.count == 3)
        #expect(lines.filter { $0 == "end" }.count == subgraphs.count)
        #expect(mermaid.contains("-.->|\"lazy\"|"))
        #expect(mermaid.contains("==>|\"[many]\"|"))
        #expect(mermaid.contains(":::missing"))
        #expect(mermaid.contains("[[\"GESettings<br/>single · default"))
        #expect(lines.contains { $0.hasPrefix("linkStyle ") && $0.hasSuffix("stroke:#c00,color:#c00") })
        #expect(lines.contains { $0.hasPrefix("linkStyle ") && $0.hasSuffix("stroke:#1f6feb,color:#1f6feb") })
        // Each kind of edge its own way: an optional ends in a circle, a `Lazy` is dashed
        // and a `Provider` dotted (as in `dot()`).
        let links = lines.filter {
            $0.contains("-->") || $0.contains("-.->") || $0.contains("==>") || $0.contains("--o")
                || $0.contains("-.-o")
        }
        #expect(links.contains { $0.contains(" --o|\"optional property\"| ") })
        let lazy = try #require(links.firstIndex { $0.contains("\"lazy\"") })
        let provider = try #require(links.firstIndex { $0.contains("provider") })
        #expect(
            lines.contains {
                $0.hasPrefix("linkStyle ") && $0.hasSuffix("stroke-dasharray:6 4") && $0.contains("\(lazy)")
            }
        )
        #expect(
            lines.contains {
                $0.hasPrefix("linkStyle ") && $0.hasSuffix("stroke-dasharray:2 3") && $0.contains("\(provider)")
            }
        )
        #expect(mermaid == exampleContainer(broken: true).makeGraph().mermaid())
    }

    /// A name is user text: in a Mermaid label, `#lt;` would be read as `<`, a quote would
    /// end the label, and a line break would end the statement.
    @Test func mermaidLabelsKeepEveryCharacterOfAName() throws {
        let container = DIContainer()
        container.register(GESession.init).as(GESession.self, name: "a#lt;b \"quoted\"\nnext")
        let mermaid = container.makeGraph().mermaid()
        let node = try #require(mermaid.split(separator: "\n").first { $0.contains("GESession") })
        #expect(node.contains(##"a#35;lt;b \#quot;quoted\#quot;\nnext"##))
        #expect(!node.contains("a#lt;b") && !node.contains(#"\""#))
    }

    /// An `&` in a name stays an `&`: Graphviz and a browser showing Mermaid's labels would
    /// read `&lt;` as `<`.
    @Test func labelsKeepAnAmpersandOfAName() throws {
        let container = DIContainer()
        container.register(GESession.init).as(GESession.self, name: "a&lt;b&amp;c")
        let graph = container.makeGraph()
        let dotNode = try #require(graph.dot().split(separator: "\n").first { $0.contains("GESession") })
        #expect(dotNode.contains("a&amp;lt;b&amp;amp;c"))
        let mermaidNode = try #require(graph.mermaid().split(separator: "\n").first { $0.contains("GESession") })
        #expect(mermaidNode.contains("a#38;lt;b#38;amp;c"))
        #expect(!mermaidNode.contains("&"))
    }

    /// A backtick in a Mermaid label would make it Markdown.
    @Test func mermaidLabelsKeepABacktickOfAName() throws {
        let container = DIContainer()
        container.register(GESession.init).as(GESession.self, name: "`code`")
        let lines = container.makeGraph().mermaid().split(separator: "\n")
        let node = try #require(lines.first { $0.contains("GESession") })
        #expect(node.contains("#96;code#96;"))
        #expect(!node.contains("`"))
    }

    /// An edge names the name it asks for as a node does: as its literal, escaped.
    @Test func edgeLabelsSpellANameAsItsLiteral() throws {
        let container = DIContainer()
        let name = "two\nlines \"quoted\""
        container.register(GESession.init).as(GESession.self, name: name)
        final class Holder {
            init(session: GESession) {}
        }
        container.register(Holder.init) { by(name: name, on: $0) }
        let graph = container.makeGraph()
        let mermaid = graph.mermaid()
        let edge = try #require(mermaid.split(separator: "\n").first { $0.contains("-->|") })
        #expect(edge.contains(##"name: #quot;two\nlines \#quot;quoted\#quot;#quot;"##))
        #expect(graph.dot().contains(##"name: \"two\\nlines \\\"quoted\\\"\""##))
    }

    /// `docs/graph-example.dot` is what `dot()` writes for the example: the picture in the docs
    /// cannot drift from the code. `TRANQUIL_WRITE_GRAPH_EXAMPLE=1 swift test --filter
    /// theDocsGraphExampleIsWhatDotWrites` rewrites it; then
    /// `dot -Tpng docs/graph-example.dot -o docs/graph-example.png`.
    @Test func theDocsGraphExampleIsWhatDotWrites() throws {
        let dot = exampleContainer(broken: true).makeGraph().dot()
        // Tests/DICoreTests/Graph/GraphExportTests.swift → the package's root.
        let root = (0..<4).reduce(URL(filePath: #filePath)) { url, _ in url.deletingLastPathComponent() }
        let file = root.appending(path: "docs/graph-example.dot")
        if ProcessInfo.processInfo.environment["TRANQUIL_WRITE_GRAPH_EXAMPLE"] != nil {
            try dot.write(to: file, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: file, encoding: .utf8)
        #expect(
            committed == dot,
            "docs/graph-example.dot is stale: TRANQUIL_WRITE_GRAPH_EXAMPLE=1 swift test --filter theDocsGraphExampleIsWhatDotWrites"
        )
    }
}
