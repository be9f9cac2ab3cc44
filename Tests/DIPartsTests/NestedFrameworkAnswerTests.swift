import DICore
import DIParts
import Testing

// A resolve made inside a framework component's factory follows the framework's rules
// (its own registration wins), whatever the container remembered for the same request
// made outside any framework.

private protocol NFPrinter: AnyObject {
    var id: Int { get }
}

private final class NFLocalPrinter: NFPrinter {
    let id: Int
    init(id: Int) { self.id = id }
}

/// Resolves its printer inside its factory, through the container it is given.
private final class NFReport {
    let printer: (any NFPrinter)?
    init(printer: (any NFPrinter)?) { self.printer = printer }
}

private final class NFOptionalFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register { NFLocalPrinter(id: 1) }.as((any NFPrinter).self)
        container.register { (container: DIContainer) in NFReport(printer: container.resolve() as (any NFPrinter)?) }
    }
}

private final class NFRequiredFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register { NFLocalPrinter(id: 1) }.as((any NFPrinter).self)
        container.register { (container: DIContainer) in NFReport(printer: container.resolve() as any NFPrinter) }
    }
}

/// `NFRequiredFramework` with kept printers: the container remembers the instance itself.
private final class NFKeptFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register { NFLocalPrinter(id: 1) }.as((any NFPrinter).self).lifetime(.perContainer(.single))
        container.register { (container: DIContainer) in NFReport(printer: container.resolve() as any NFPrinter) }
    }
}

@Suite struct NestedFrameworkAnswerTests {
    private static func resolveSynchronously<T>(_ container: DIContainer) -> T {
        container.resolve()
    }

    /// Outside any framework two printers tie (`nil`); inside the framework its own wins.
    @Test(arguments: [false, true], [false, true])
    func aNestedOptionalResolveIsNotAnsweredWithTheRememberedNil(resolvedBefore: Bool, awaited: Bool) async throws {
        let container = DIContainer()
        container.append(framework: NFOptionalFramework.self)
        container.register { NFLocalPrinter(id: 2) }.as((any NFPrinter).self)
        if resolvedBefore {
            let outside: (any NFPrinter)? = awaited ? await container.resolve() : Self.resolveSynchronously(container)
            #expect(outside == nil)
        }
        for _ in 0..<2 {
            let report: NFReport = Self.resolveSynchronously(container)
            #expect(report.printer?.id == 1)
        }
    }

    /// Outside any framework the `.default()` printer wins; inside, the framework's own.
    @Test(arguments: [false, true], [false, true])
    func aNestedResolveIsNotAnsweredWithTheRememberedDefault(resolvedBefore: Bool, kept: Bool) throws {
        let container = DIContainer()
        if kept {
            container.append(framework: NFKeptFramework.self)
        } else {
            container.append(framework: NFRequiredFramework.self)
        }
        container.register { NFLocalPrinter(id: 2) }.as((any NFPrinter).self).default()
            .lifetime(kept ? .perContainer(.single) : .prototype)
        if resolvedBefore {
            for _ in 0..<2 {
                let outside: any NFPrinter = Self.resolveSynchronously(container)
                #expect(outside.id == 2)
            }
        }
        for _ in 0..<2 {
            let report: NFReport = Self.resolveSynchronously(container)
            #expect(report.printer?.id == 1)
        }
        let outside: any NFPrinter = Self.resolveSynchronously(container)
        #expect(outside.id == 2)
    }
}
