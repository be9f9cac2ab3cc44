import DILazy

extension DIGraph {
    /// The graph in Graphviz DOT: frameworks and their parts as nested clusters, lifetimes
    /// as node shapes and colours, edge styles for lazy/provider/many/optional/cycle, and
    /// what validation rejects in red.
    ///
    /// ```swift
    /// try container.makeGraph().dot().write(toFile: "graph.dot", atomically: true, encoding: .utf8)
    /// // dot -Tpng graph.dot -o graph.png      (Debian/Ubuntu: apt-get install graphviz)
    /// ```
    ///
    /// Nodes: `single`/`perApplication` 3-D boxes, `perContainer`/`custom` boxes,
    /// `perFramework` folders, `perPart` tabs, `objectGraph` ellipses, prototypes dashed
    /// ellipses; `.test()` drawn with an orange border, `.default()` with a double one.
    /// Edges: `Lazy` dashed, `Provider` dotted, `many` bold with `[many]`, `Optional` with an
    /// open-dot head, `cycle:` blue; errors red (to a red `missing`/`ambiguous` node when
    /// nothing answers), captive dependencies orange. What validation leaves alone (with
    /// `.root()` or `.unused()`) is not marked: an unanswered dependency there points to a
    /// grey node. The output is the same on every run.
    ///
    /// - Returns: A `digraph` document.
    public func dot() -> String {
        let export = GraphExport(self)
        var lines = [
            "digraph Tranquil {",
            "  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=11, compound=true];",
            "  node [fontname=\"Helvetica\", fontsize=10];",
            "  edge [fontname=\"Helvetica\", fontsize=9];",
        ]
        for framework in export.clusters.frameworks {
            var indent = "  "
            if let name = framework.name {
                lines.append("  subgraph cluster_framework_\(framework.identifier) {")
                lines.append(
                    "    label=\(Self.dotQuoted(name)); style=\"rounded,filled\"; fillcolor=\"#f5f7fb\"; color=\"#5a6b8c\";"
                )
                indent = "    "
            }
            for part in framework.parts {
                var nodeIndent = indent
                if let name = part.name {
                    lines.append("\(indent)subgraph cluster_part_\(part.identifier) {")
                    lines.append(
                        "\(indent)  label=\(Self.dotQuoted(name)); style=\"rounded,dashed\"; color=\"#8a94a6\";"
                    )
                    nodeIndent = indent + "  "
                }
                for position in part.vertices {
                    lines.append(nodeIndent + dotNode(vertices[position], export))
                }
                if part.name != nil { lines.append("\(indent)}") }
            }
            if framework.name != nil { lines.append("  }") }
        }
        var placeholders = 0
        for (index, edge) in edges.enumerated() {
            let from = export.nodeID(edge.source)
            if export.isUnanswered(edge) {
                placeholders += 1
                let placeholder = "missing\(placeholders)"
                let mark = export.mark(ofEdge: index)
                let attributes = dotAttributes(edge, mark, label: export.edgeLabel(edge))
                // Red where validation reports it; grey where it does not look (see `GraphExport`).
                let look =
                    mark == .error
                    ? "style=filled, fillcolor=\"#fde2e2\", color=red, fontcolor=red"
                    : "style=dashed, color=gray50, fontcolor=gray50"
                lines.append(
                    "  \(placeholder) [label=\(Self.dotQuoted(export.unansweredLabel(edge))), shape=octagon, \(look)];"
                )
                lines.append("  \(from) -> \(placeholder)\(Self.dotList(attributes));")
                continue
            }
            guard edge.resolution == .resolved else { continue }
            for (line, target) in edge.targets.enumerated() {
                let mark = export.mark(ofEdge: index, line: line)
                let attributes = dotAttributes(edge, mark, label: export.edgeLabel(edge))
                lines.append("  \(from) -> \(export.nodeID(target))\(Self.dotList(attributes));")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func dotNode(_ vertex: Vertex, _ export: GraphExport) -> String {
        let label = export.nodeLines(vertex).map(Self.dotEscaped).joined(separator: "\\n")
        var style = ["filled"]
        let shape: String
        let fill: String
        switch vertex.lifetime {
        case .single, .perApplication:
            shape = "box3d"
            fill = "#c6dbef"
        case .perContainer:
            shape = "box"
            fill = "#d9f0d3"
        case .custom, .scoped:
            shape = "box"
            fill = "#fee8c8"
        case .perFramework:
            shape = "folder"
            fill = "#e5d8f0"
        case .perPart:
            shape = "tab"
            fill = "#fde0ef"
        case .objectGraph:
            shape = "ellipse"
            fill = "#fff7bc"
        case .prototype:
            shape = "ellipse"
            fill = "#ffffff"
            style.append("dashed")
        }
        if !vertex.hasInitializer { style.append("diagonals") }
        var attributes =
            "label=\"\(label)\", shape=\(shape), style=\"\(style.joined(separator: ","))\", fillcolor=\"\(fill)\""
        if vertex.info.isTest { attributes += ", color=\"#d95f02\", penwidth=2" }
        if vertex.info.isDefault { attributes += ", peripheries=2" }
        return "\(export.nodeID(vertex.index)) [\(attributes)];"
    }

    private func dotAttributes(_ edge: Edge, _ mark: GraphExport.Mark, label: String) -> String {
        var attributes: [String] = []
        if !label.isEmpty { attributes.append("label=\(Self.dotQuoted(label))") }
        var style: [String] = []
        if edge.isLazy { style.append("dashed") }
        if edge.isProvider { style.append("dotted") }
        if edge.isMany { style.append("bold") }
        if !style.isEmpty { attributes.append("style=\"\(style.joined(separator: ","))\"") }
        if edge.isOptional { attributes.append("arrowhead=odot") }
        if edge.isCycle { attributes.append("constraint=false") }
        switch mark {
        case .error: attributes.append("color=red, fontcolor=red")
        case .warning: attributes.append("color=\"#e08214\", fontcolor=\"#e08214\"")
        case .fine: if edge.isCycle { attributes.append("color=\"#1f6feb\", fontcolor=\"#1f6feb\"") }
        }
        return attributes.joined(separator: ", ")
    }

    /// ` [a, b]`, or nothing for no attributes.
    private static func dotList(_ attributes: String) -> String {
        attributes.isEmpty ? "" : " [\(attributes)]"
    }

    /// `"Cat \"Tom\""`: a DOT string literal.
    private static func dotQuoted(_ text: String) -> String { "\"\(dotEscaped(text))\"" }

    private static func dotEscaped(_ text: String) -> String {
        // `&` too: Graphviz reads `&lt;` in a label as an entity, in every output format.
        GraphExport.replacing(text, ["\\": "\\\\", "\"": "\\\"", "&": "&amp;"])
    }
}
