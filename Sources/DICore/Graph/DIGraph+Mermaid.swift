import DILazy

extension DIGraph {
    /// The graph as a Mermaid flowchart (renders in GitHub Markdown): frameworks and parts
    /// as nested subgraphs, lifetimes as node shapes and classes (`.test()` with an orange
    /// border, `.default()` a thick one), `Lazy` dashed, `Provider` dotted, `many` thick (and
    /// dashed or dotted for a `many` of them), an `Optional` ending in a circle, `cycle:`
    /// blue, and what validation rejects in red.
    ///
    /// ````swift
    /// print("```mermaid\n" + container.makeGraph().mermaid() + "```")
    /// ````
    ///
    /// - Returns: A `flowchart LR` document. The output is the same on every run.
    public func mermaid() -> String {
        let export = GraphExport(self)
        var lines = ["flowchart LR"]
        for framework in export.clusters.frameworks {
            var indent = "  "
            if let name = framework.name {
                lines.append("  subgraph framework_\(framework.identifier)[\"\(Self.mermaidEscaped(name))\"]")
                indent = "    "
            }
            for part in framework.parts {
                var nodeIndent = indent
                if let name = part.name {
                    lines.append("\(indent)subgraph part_\(part.identifier)[\"\(Self.mermaidEscaped(name))\"]")
                    nodeIndent = indent + "  "
                }
                for position in part.vertices {
                    lines.append(nodeIndent + mermaidNode(vertices[position], export))
                }
                if part.name != nil { lines.append("\(indent)end") }
            }
            if framework.name != nil { lines.append("  end") }
        }
        var links = 0
        // Each link's style (`linkStyle` counts links in the order they are written).
        var styles: [[String]] = []
        var placeholders = 0
        for (index, edge) in edges.enumerated() {
            let from = export.nodeID(edge.source)
            let label = export.edgeLabel(edge)
            // Bold, dashed or plain; an optional one ends in a circle, as in `dot()`.
            let line = edge.isMany ? "==" : edge.isDelayed ? "-.-" : "--"
            let arrow = line + (edge.isOptional ? "o" : ">")
            // As in `dot()`: a `Lazy` dashed, a `Provider` dotted.
            let dashes: [String] =
                if !edge.isDelayed {
                    []
                } else if edge.isLazy {
                    ["stroke-dasharray:6 4"]
                } else {
                    ["stroke-dasharray:2 3"]
                }
            let labelled = label.isEmpty ? arrow : "\(arrow)|\"\(Self.mermaidEscaped(label))\"|"
            var targets: [String] = []
            if export.isUnanswered(edge) {
                placeholders += 1
                let placeholder = "missing\(placeholders)"
                // As in `dot()`: red where validation reports it, grey where it does not look.
                let look = export.mark(ofEdge: index) == .error ? "missing" : "unchecked"
                lines.append("  \(placeholder)[\"\(Self.mermaidEscaped(export.unansweredLabel(edge)))\"]:::\(look)")
                targets = [placeholder]
            } else if edge.resolution == .resolved {
                targets = edge.targets.map(export.nodeID)
            }
            for (line, target) in targets.enumerated() {
                lines.append("  \(from) \(labelled) \(target)")
                let color: String? =
                    switch export.mark(ofEdge: index, line: line) {
                    case .error: "#c00"
                    case .warning: "#e08214"
                    case .fine: edge.isCycle ? "#1f6feb" : nil
                    }
                styles.append(dashes + (color.map { ["stroke:\($0)", "color:\($0)"] } ?? []))
                links += 1
            }
        }
        lines += [
            "  classDef application fill:#c6dbef,stroke:#3b6ea5",
            "  classDef container fill:#d9f0d3,stroke:#3f8f3a",
            "  classDef custom fill:#fee8c8,stroke:#c77c1c",
            "  classDef framework fill:#e5d8f0,stroke:#6a51a3",
            "  classDef part fill:#fde0ef,stroke:#c51b7d",
            "  classDef objectGraph fill:#fff7bc,stroke:#b59a00",
            "  classDef prototype fill:#ffffff,stroke:#777,stroke-dasharray:4 3",
            "  classDef test stroke:#d95f02,stroke-width:3px",
            "  classDef preferred stroke-width:4px",
            "  classDef missing fill:#fde2e2,stroke:#c00,color:#c00",
            "  classDef unchecked fill:#f4f4f4,stroke:#999,color:#666,stroke-dasharray:4 3",
        ]
        // One `linkStyle` per distinct style, its links in order.
        var byStyle: [(style: String, links: [Int])] = []
        for (link, style) in styles.enumerated() where !style.isEmpty {
            let text = style.joined(separator: ",")
            if let index = byStyle.firstIndex(where: { $0.style == text }) {
                byStyle[index].links.append(link)
            } else {
                byStyle.append((text, [link]))
            }
        }
        for (style, indices) in byStyle {
            lines.append("  linkStyle \(indices.map(String.init).joined(separator: ",")) \(style)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func mermaidNode(_ vertex: Vertex, _ export: GraphExport) -> String {
        let label = "\"" + export.nodeLines(vertex).map(Self.mermaidEscaped).joined(separator: "<br/>") + "\""
        let shaped: String
        let style: String
        switch vertex.lifetime {
        case .single, .perApplication:
            shaped = "[[\(label)]]"
            style = "application"
        case .perContainer:
            shaped = "[\(label)]"
            style = "container"
        case .custom, .scoped:
            shaped = "[\(label)]"
            style = "custom"
        case .perFramework:
            shaped = "[/\(label)/]"
            style = "framework"
        case .perPart:
            shaped = "[\\\(label)\\]"
            style = "part"
        case .objectGraph:
            shaped = "(\(label))"
            style = "objectGraph"
        case .prototype:
            shaped = "([\(label)])"
            style = "prototype"
        }
        var classes = style
        if vertex.info.isTest { classes += ",test" }
        if vertex.info.isDefault { classes += ",preferred" }
        return "\(export.nodeID(vertex.index))\(shaped):::\(classes)"
    }

    /// Mermaid label text: quotes and angle brackets as entity codes.
    private static func mermaidEscaped(_ text: String) -> String {
        // `#` and `&` too: Mermaid reads `#name;` in a label as an entity, and the browser
        // showing it reads `&name;`; and a backtick, which makes a quoted label Markdown.
        GraphExport.replacing(
            text,
            ["\"": "#quot;", "<": "#lt;", ">": "#gt;", "#": "#35;", "&": "#38;", "`": "#96;"]
        )
    }
}
