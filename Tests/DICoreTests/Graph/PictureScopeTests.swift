import DICore
import TestSupport
import Testing

private final class PSScreen {
    var editor: PSEditor?
}

private final class PSEditor {
    let screen: PSScreen
    init(screen: PSScreen) { self.screen = screen }
}

private final class PSMissing {}

private protocol PSPlugin: AnyObject {}
private final class PSFirstPlugin: PSPlugin {}
private final class PSSecondPlugin: PSPlugin {}

private final class PSHost {
    init(plugins: [Lazy<PSPlugin>]) {}
}

private final class PSRoot {}

private protocol PSListener: AnyObject {}
private final class PSCachedListener: PSListener {}
private final class PSFreshListener: PSListener {}

private final class PSBroadcaster {
    init(listeners: DIMany<any PSListener>) {}
}

private final class PSLoopedListener: PSListener {
    init(hub: PSHub) {}
}

private final class PSHub {
    init(listeners: DIMany<any PSListener>) {}
}

private final class PSAlpha {
    init(beta: PSBeta) {}
}

private final class PSBeta {
    init(alpha: PSAlpha) {}
}

private final class PSUnreached {
    init(missing: PSMissing) {}
}

/// The pictures mark what `validate()` reports, no more: with `.root()` or `.unused()`,
/// what validation leaves alone is drawn plainly.
@Suite struct PictureScopeTests {
    /// Whether `dot()` and `mermaid()` draw anything red (an edge, or a placeholder node).
    private func redIn(_ graph: DIGraph) -> (dot: Bool, mermaid: Bool) {
        let mermaid = graph.mermaid().split(separator: "\n")
        let redLink = mermaid.contains { $0.contains("linkStyle") && $0.contains("#c00") }
        let redNode = mermaid.contains { $0.hasSuffix(":::missing") }
        return (graph.dot().contains("color=red"), redLink || redNode)
    }

    /// GraphValidation.md's example: accepted by validation, so nothing in it is red.
    @Test func anInjectedRootsLoopValidationAcceptsIsNotRed() {
        let container = DIContainer()
        container.register(PSEditor.init)
        container.register(PSScreen.self)
            .injection { $0.editor = $1 }
            .lifetime(.objectGraph)
            .root()
        let graph = container.makeGraph()
        #expect(graph.validate().isEmpty)
        let red = redIn(graph)
        #expect(!red.dot)
        #expect(!red.mermaid)
        // Without the root, validation reports the loop, and the pictures draw it red.
        let unrooted = DIContainer()
        unrooted.register(PSEditor.init)
        unrooted.register(PSScreen.self).injection { $0.editor = $1 }.lifetime(.objectGraph)
        let reported = unrooted.makeGraph()
        #expect(!reported.validate().isEmpty)
        #expect(redIn(reported) == (true, true))
    }

    @Test func whatNoRootReachesIsDrawnGrey() {
        let container = DIContainer()
        container.register(PSRoot.init).root()
        container.register(PSUnreached.init)
        let graph = container.makeGraph()
        #expect(graph.validate().isEmpty)
        let dot = graph.dot()
        #expect(!dot.contains("color=red"))
        #expect(dot.contains(#"label="missing: PSMissing", shape=octagon, style=dashed, color=gray50"#))
        #expect(redIn(graph) == (false, false))
        #expect(graph.mermaid().contains(#"["missing: PSMissing"]:::unchecked"#))
    }

    @Test func anUnusedComponentsMissingDependencyIsDrawnGrey() {
        let container = DIContainer()
        container.register(PSUnreached.init).unused()
        let graph = container.makeGraph()
        #expect(graph.validate().isEmpty)
        #expect(redIn(graph) == (false, false))
        // Checked, the same dependency is an error, drawn red.
        let checked = DIContainer()
        checked.register(PSUnreached.init)
        let reported = checked.makeGraph()
        #expect(reported.validate().map(\.kind) == [.missingDependency])
        #expect(redIn(reported) == (true, true))
        #expect(reported.mermaid().contains(#"["missing: PSMissing"]:::missing"#))
    }

    /// A loop validation reports through a checked member is red all round, its edge out
    /// of an `.unused()` member too.
    @Test func aReportedLoopIsRedAllRound() {
        let container = DIContainer()
        container.register(PSAlpha.init).unused()
        container.register(PSBeta.init)
        let graph = container.makeGraph()
        #expect(graph.validate().map(\.kind) == [.cycle])
        let redEdges = graph.dot().split(separator: "\n").filter { $0.contains(" -> ") && $0.contains("color=red") }
        #expect(redEdges.count == 2)
    }

    /// Mermaid draws what `dot()` does: a `many` of `Lazy` thick and dashed, a `.default()`
    /// node with a border of its own.
    @Test func mermaidMarksAManyOfLaziesAndADefault() throws {
        let container = DIContainer()
        container.register(PSFirstPlugin.init).as(PSPlugin.self).default()
        container.register(PSSecondPlugin.init).as(PSPlugin.self)
        container.register { PSHost(plugins: many($0)) }
        let lines = container.makeGraph().mermaid().split(separator: "\n").map(String.init)
        let links = lines.filter { $0.contains(" ==>") }
        #expect(links.count == 2)
        let styled = try #require(lines.first { $0.contains("linkStyle") && $0.contains("stroke-dasharray:6 4") })
        #expect(styled.contains("linkStyle 0,1 "))
        #expect(lines.contains { $0.contains("PSFirstPlugin") && $0.hasSuffix(",preferred") })
        #expect(!lines.contains { $0.contains("PSSecondPlugin") && $0.hasSuffix(",preferred") })
    }

    /// The DOT line from the node of `from` to the node of `to` (types named in labels).
    private func dotLine(_ dot: String, from: String, to: String) -> String? {
        let lines = dot.split(separator: "\n").map(String.init)
        func node(_ type: String) -> String? {
            lines.first { $0.contains("[label=\"\(type)\\n") }?.split(separator: " ").first.map(String.init)
        }
        guard let source = node(from), let target = node(to) else { return nil }
        return lines.first { $0.hasPrefix("  \(source) -> \(target) ") }
    }

    /// A line to each target of a `many` is marked by what validation says of that target:
    /// the captive one orange, the other plain.
    @Test func aManyMarksEachTargetByItsOwnProblems() throws {
        let container = DIContainer()
        container.register(line: uniqueLine(), PSBroadcaster.init).lifetime(.single)
        container.register(PSCachedListener.init).as(PSListener.self).lifetime(.perContainer(.strong))
        container.register(PSFreshListener.init).as(PSListener.self)
        let graph = container.makeGraph()
        #expect(graph.validate().map(\.kind) == [.captiveDependency])
        let dot = graph.dot()
        let captive = try #require(dotLine(dot, from: "PSBroadcaster", to: "PSCachedListener"))
        let fresh = try #require(dotLine(dot, from: "PSBroadcaster", to: "PSFreshListener"))
        #expect(captive.contains("#e08214"))
        #expect(!fresh.contains("#e08214"))
        // Mermaid: one of the two links orange.
        let mermaid = graph.mermaid().split(separator: "\n")
        let orange = mermaid.filter { $0.contains("linkStyle") && $0.contains("#e08214") }
        #expect(orange.count == 1)
        #expect(orange.first?.hasPrefix("  linkStyle 0 ") == true || orange.first?.hasPrefix("  linkStyle 1 ") == true)
    }

    /// A loop through one target of a `many` is red on that line only.
    @Test func aLoopThroughAManyIsRedOnItsOwnLine() throws {
        let container = DIContainer()
        container.register(PSLoopedListener.init).as(PSListener.self)
        container.register(PSHub.init)
        container.register(PSFreshListener.init).as(PSListener.self)
        let graph = container.makeGraph()
        #expect(graph.validate().map(\.kind) == [.cycle])
        let dot = graph.dot()
        #expect(try #require(dotLine(dot, from: "PSHub", to: "PSLoopedListener")).contains("color=red"))
        #expect(try !#require(dotLine(dot, from: "PSHub", to: "PSFreshListener")).contains("color=red"))
    }
}
