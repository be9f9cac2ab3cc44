import DILazy

/// The nesting both exports draw: frameworks holding parts holding components, in order of
/// first registration, so output is the same on every run.
struct GraphClusters {
    /// Components registered by one part (or directly by a framework / outside any part).
    struct Part {
        /// `nil`: registered by the framework itself, or outside any part.
        let name: String?
        /// A name safe as an identifier in DOT and Mermaid, unique in the export.
        let identifier: String
        var vertices: [Int] = []
    }

    /// A framework and its parts; `name == nil` holds what no framework registered.
    struct Framework {
        let name: String?
        let identifier: String
        var parts: [Part] = []
    }

    private(set) var frameworks: [Framework] = []

    init(_ graph: DIGraph) {
        var frameworkPositions: [ObjectIdentifier?: Int] = [:]
        var partPositions: [DIOrigin: Int] = [:]
        for vertex in graph.vertices {
            let origin = vertex.component.config.origin
            let frameworkID = origin.framework?.id
            let framework: Int
            if let known = frameworkPositions[frameworkID] {
                framework = known
            } else {
                framework = frameworks.count
                frameworkPositions[frameworkID] = framework
                let name = origin.framework?.name
                frameworks.append(Framework(name: name, identifier: Self.identifier(framework, name ?? "app")))
            }
            let part: Int
            if let known = partPositions[origin] {
                part = known
            } else {
                part = frameworks[framework].parts.count
                partPositions[origin] = part
                let name = origin.part?.name
                let identifier = frameworks[framework].identifier + "_" + Self.identifier(part, name ?? "direct")
                frameworks[framework].parts.append(Part(name: name, identifier: identifier))
            }
            frameworks[framework].parts[part].vertices.append(vertex.index)
        }
        // Registrations outside any framework come last, as the app's own wiring.
        if let loose = frameworks.firstIndex(where: { $0.name == nil }) {
            frameworks.append(frameworks.remove(at: loose))
        }
    }

    /// `3_FeedFramework`: the position keeps it unique, the name keeps it readable.
    private static func identifier(_ position: Int, _ name: String) -> String {
        let safe = name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" }
        return "\(position)_\(String(safe))"
    }
}
