// What loading parts and frameworks records, and the misuses it notices: the one home of
// "a part loads once, in the first framework that appends it" and of imports that name a
// framework this container never loads.
extension Registry {
    /// Records that `importer` prefers `imported`'s registrations after its own.
    mutating func recordImport(of imported: OriginUnit, by importer: OriginUnit) {
        guard importer != imported else { return }
        imports[importer.id, default: []].insert(imported.id)
        frameworkUnits[importer.id] = importer
        frameworkUnits[imported.id] = imported
        Epochs.registryChanged()  // framework priority may now choose differently
    }

    /// The misuse of appending `part` again from `framework` when it was loaded from another:
    /// a part loads once per container, so the second `append` has no effect.
    ///
    /// - Returns: The message (also kept for validation), or `nil` when the append is harmless.
    mutating func appendedAgain(_ part: OriginUnit, by framework: OriginUnit?) -> String? {
        guard let home = partFrameworks[part.id], home != framework else { return nil }
        let call = "append(part: \(part.name).self)"
        let appender = framework.map { "\($0.name)'s \(call)" } ?? call
        let owner = home.map { "by \($0.name)" } ?? "outside any framework"
        let ownerName = home?.name ?? "no framework"
        let message =
            "\(appender) has no effect: \(part.name) was loaded \(owner) first, and a part loads once per container, so its components belong to \(ownerName) (put \(part.name) in a framework of its own and import that framework from each one that needs it)"
        misuses.append(message)
        return message
    }

    /// The misuse of appending `unit` as a framework (`asFramework`) or as a part after it
    /// was loaded as the other: a type that is both a `DIPart` and a `DIFramework` loads once
    /// per container, as what it was first appended as.
    mutating func appendedAsTheOther(_ unit: OriginUnit, asFramework: Bool) -> String {
        let call = asFramework ? "append(framework: \(unit.name).self)" : "append(part: \(unit.name).self)"
        let first = asFramework ? "a part" : "a framework"
        let message =
            "\(call) has no effect: \(unit.name) was appended as \(first) first, and a type that is both a DIPart and a DIFramework loads once per container, as what it was first appended as (make the part and the framework two types)"
        misuses.append(message)
        return message
    }

    /// Imports of frameworks that neither this container nor another of the chain
    /// (`loadedElsewhere`) ever loaded: their registrations are nowhere, so the import does
    /// nothing.
    ///
    /// - Parameter only: Only the imports of this framework (default: every framework's).
    func unloadedImports(loadedElsewhere: Set<ObjectIdentifier>, only: OriginUnit? = nil) -> [String] {
        var found: [String] = []
        for (importer, imported) in imports where only.map({ $0.id == importer }) ?? true {
            for framework in imported where !loaded.contains(framework) && !loadedElsewhere.contains(framework) {
                let importerName = frameworkUnits[importer]?.name ?? "?"
                let name = frameworkUnits[framework]?.name ?? "?"
                found.append(
                    "\(importerName) imports \(name), which is never appended to this container: the import has no effect and \(name)'s registrations are not here (add container.append(framework: \(name).self))"
                )
            }
        }
        return found.sorted()
    }
}
