// `.test()` overrides as validation sees them: several answering one request, or one
// answering no request that anything else answers.
extension GraphBuilder {
    /// Every request (type with name/tag) that more than one visible `.test()` answers.
    func testConflicts() -> [DIGraph.TestConflict] {
        var conflicts: [(first: Int, conflict: DIGraph.TestConflict)] = []
        for (number, level) in levels.enumerated() {
            level.index.forEachShared { key, candidates in
                // A key is decided by the first level that has it: a child's entry hides its parent's.
                guard !levels[..<number].contains(where: { $0.index[key] != nil }) else { return }
                let tests = candidates.map { level.components[$0] }.filter(\.config.isTest)
                guard tests.count > 1 else { return }
                let label = label(of: key, among: tests[0])
                conflicts.append((tests[0].id, DIGraph.TestConflict(request: label, vertices: tests.map(\.id))))
            }
        }
        return conflicts.sorted { ($0.first, $0.conflict.request) < ($1.first, $1.conflict.request) }.map(\.conflict)
    }

    /// `Animal (name: "tom")`: the key as the component that answers it spells it.
    private func label(of key: DIKey, among component: Component) -> String {
        labeledKeys(of: component).first { $0.key == key }?.label ?? typeName(component.config.type)
    }

    /// Each key `component` answers, once, with how it spells it.
    private func labeledKeys(of component: Component) -> [(key: DIKey, label: String)] {
        let all =
            [(DIKey(ObjectIdentifier(component.config.type)), typeName(component.config.type))]
            + component.config.aliases.map { ($0.key, $0.label) }
        var seen: Set<DIKey> = []
        return all.filter { seen.insert($0.0).inserted }
    }

    /// Every `.test()` component that overrides nothing: no component of the chain but
    /// `.test()` ones answers its type or any of its aliases, with the same name or tag (a
    /// misspelled name, a forgotten `.as(…)`), so whatever it was meant to replace is still used.
    /// And every one that overrides something, but not under a name or tag it was given: a
    /// name or tag is written to match the app's, so one that matches nothing is a typo.
    func idleTestOverrides() -> [DIDiagnostic] {
        var idle: [DIDiagnostic] = []
        for level in levels {
            for component in level.components where component.config.isTest {
                let unrivalled = component.keys.filter { key in
                    !levels.contains { other in
                        other.index[key].map { $0.contains { !other.components[$0].config.isTest } } ?? false
                    }
                }
                if unrivalled.count == component.keys.count {
                    idle.append(idleTestOverride(component, overriding: unrivalled))
                } else if case let misspelled = unrivalled.filter({ $0.qualifier != .none }), !misspelled.isEmpty {
                    idle.append(idleTestOverride(component, overriding: misspelled))
                }
            }
        }
        return idle
    }

    /// What ``idleTestOverrides()`` says of `component`, whose `keys` override nothing
    /// (all of its keys, or the ones with a name or tag): what they are, and what else the
    /// chain registers for those types under other names or tags.
    private func idleTestOverride(_ component: Component, overriding keys: [DIKey]) -> DIDiagnostic {
        let labeled = labeledKeys(of: component)
        let answered = labeled.filter { keys.contains($0.key) }.map(\.label)
        let whole = keys.count == labeled.count
        var elsewhere: [String] = []
        var types: Set<ObjectIdentifier> = []
        for key in keys where types.insert(key.type).inserted {
            for level in levels {
                let sameType = level.byType[key.type] ?? level.index[DIKey(key.type)]
                for position in sameType ?? .empty {
                    let other = level.components[position]
                    guard other !== component else { continue }
                    for (otherKey, label) in labeledKeys(of: other) where otherKey.type == key.type {
                        elsewhere.append("\(label) at \(other.config.file):\(other.config.line)")
                    }
                }
            }
        }
        // Another `.test()` one may answer them: what it overrides is then nothing too.
        let othersAnswer = keys.contains { key in
            levels.contains { level in
                level.index[key].map { $0.contains { level.components[$0] !== component } } ?? false
            }
        }
        let listed = ShortList.joined(answered, separator: " or ")
        // All of it idle: what it answers; a name or tag of it: that one, said once.
        let (what, which) = whole ? ("", listed) : (" as \(listed)", answered.count == 1 ? "it" : "them")
        var message =
            "\(typeName(component.config.type)) is .test() but overrides nothing\(what): "
            + (othersAnswer ? "only .test() registrations answer " : "no other registration answers ") + which
        if !elsewhere.isEmpty {
            message += "; registered: " + ShortList.joined(elsewhere, separator: ", ")
        }
        return DIDiagnostic(
            severity: .warning,
            kind: .misuse,
            message: message,
            component: component.info,
            path: [answered[0]]
        )
    }
}

extension DIContainer {
    /// A warning for each `.test()` component of this container and its ancestors that
    /// overrides nothing (what ``DIGraph/validate()`` reports of them, without building the
    /// graph): for test containers, which are rarely validated.
    package func idleTestOverrides() -> [DIDiagnostic] {
        GraphBuilder(container: self).idleTestOverrides()
    }
}
