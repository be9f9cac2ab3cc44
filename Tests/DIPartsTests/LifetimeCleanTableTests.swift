import DICore
import DIParts
import TestSupport
import Testing

// Every lifetime × every kind of clean, as a table: which instance a clean drops (the next
// resolve makes a new one) and which it keeps. The table is written out, not computed from
// the library's rules, so a change to a rule fails here until the table says it too.

private final class LCInstance: Sendable {}

/// One row: a lifetime, registered where it means something (a framework's or a part's
/// lifetime inside that framework or part).
enum LCRow: String, CaseIterable, Sendable {
    case perContainer, perFramework, perPart, single, perApplication, custom, scoped, objectGraph, prototype
}

/// One column: a kind of clean.
enum LCClean: String, CaseIterable, Sendable {
    case container, framework, part, custom, scope, otherFramework, otherPart, otherCustom
}

private final class LCPart: DIPart {
    static func load(container: DIContainer) {
        container.register(line: Int(uniqueLine())) { LCInstance() }.as(LCInstance.self, name: LCRow.perPart.rawValue)
            .lifetime(.perPart(.single))
    }
}

private final class LCFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register(line: Int(uniqueLine())) { LCInstance() }
            .as(LCInstance.self, name: LCRow.perFramework.rawValue).lifetime(.perFramework(.single))
        container.append(part: LCPart.self)
    }
}

private final class LCOtherPart: DIPart {
    static func load(container: DIContainer) {}
}

private final class LCOtherFramework: DIFramework {
    static func load(container: DIContainer) {}
}

@Suite struct LifetimeCleanTableTests {
    /// Whether `clean` drops the instance of `row`. Lifetimes that keep nothing make a new
    /// instance for every resolve, whatever is cleaned.
    private static let drops: [LCRow: Set<LCClean>] = [
        .perContainer: [.container],
        .perFramework: [.framework],
        .perPart: [.part],
        .single: [],
        .perApplication: [],
        .custom: [.custom],
        .scoped: [.scope],
    ]

    private func container(scope: DIScope) -> DIContainer {
        let container = DIContainer()
        let lifetimes: [(LCRow, DILifeTime)] = [
            (.perContainer, .perContainer(.single)),
            (.single, .single),
            (.perApplication, .perApplication(.single)),
            (.custom, .custom(name: "session")),
            (.scoped, .scoped(scope)),
            (.objectGraph, .objectGraph),
            (.prototype, .prototype),
        ]
        for (row, lifetime) in lifetimes {
            // A line of its own: process-wide storage is keyed by it, and every test run
            // (and every column) must start empty.
            container.register(line: Int(uniqueLine())) { LCInstance() }.as(LCInstance.self, name: row.rawValue)
                .lifetime(lifetime)
        }
        container.append(framework: LCFramework.self)
        container.append(framework: LCOtherFramework.self)
        container.append(part: LCOtherPart.self)
        return container
    }

    private func apply(_ clean: LCClean, to container: DIContainer, scope: DIScope) {
        switch clean {
        case .container: container.clean()
        case .framework: container.clean(framework: LCFramework.self)
        case .part: container.clean(part: LCPart.self)
        case .custom: container.clean(custom: "session")
        case .scope: scope.clean()
        case .otherFramework: container.clean(framework: LCOtherFramework.self)
        case .otherPart: container.clean(part: LCOtherPart.self)
        case .otherCustom: container.clean(custom: "elsewhere")
        }
    }

    @Test(arguments: LCClean.allCases)
    func eachCleanDropsExactlyTheLifetimesItNames(clean: LCClean) {
        let scope = DIScope(name: "table")
        let container = container(scope: scope)
        var before: [LCRow: LCInstance] = [:]
        for row in LCRow.allCases {
            let instance: LCInstance = container.resolve(name: row.rawValue)
            let again: LCInstance = container.resolve(name: row.rawValue)
            // Without a clean, cached lifetimes answer the same instance and the others do not.
            #expect((instance === again) == (Self.drops[row] != nil), "\(row)")
            before[row] = instance
        }
        apply(clean, to: container, scope: scope)
        for row in LCRow.allCases {
            let after: LCInstance = container.resolve(name: row.rawValue)
            let dropped = after !== before[row]
            let expected = Self.drops[row].map { $0.contains(clean) } ?? true
            #expect(dropped == expected, "\(row) after clean \(clean): dropped \(dropped), expected \(expected)")
        }
    }
}
