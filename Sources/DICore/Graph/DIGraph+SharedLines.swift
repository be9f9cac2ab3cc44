import DIRuntime

extension DIGraph {
    /// A warning for each process-wide instance (`single`, `perApplication`, a `DIScope`'s)
    /// that several registrations in one container answer with: registered on one line
    /// (a loop, a helper function) with the same type, names and tags, they share the
    /// line's one instance, so the first made answers for all of them — a `many` lists it
    /// once per registration.
    ///
    /// - Parameter checked: The vertices validation checks (`nil`: every one).
    func sharedLineWarnings(among checked: [Bool]?) -> [DIDiagnostic] {
        var sharing: [SharedLine: [Int]] = [:]
        for position in vertices.indices where checked?[position] ?? true {
            let component = vertices[position].component
            guard case .cell(processWide: true) = component.storage, let cell = component.config.cell else {
                continue
            }
            sharing[SharedLine(cell: cell.identity, level: vertices[position].containerLevel), default: []]
                .append(position)
        }
        return sharing.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }.map { positions in
            let info = vertices[positions[0]].info
            return DIDiagnostic(
                severity: .warning,
                kind: .misuse,
                message:
                    "\(info.typeName) (\(info.lifetime.traceName)) is registered \(positions.count) times at \(info.location) with the same names and tags, so every one of them answers with one shared instance, the first made; give each a name or tag, or a lifetime of its container",
                component: info
            )
        }
    }

    /// One container's registrations of one process-wide cell.
    private struct SharedLine: Hashable {
        let cell: ObjectIdentifier
        let level: Int
    }
}
