import DICore
import Testing

private final class CIAShared {}

private final class CIAMissing {}

private final class CIAScreen {
    var missing: CIAMissing?
}

private final class CIABox {
    var count = 0
    let shared: CIAShared
    init(shared: CIAShared) { self.shared = shared }
}

/// An `arg` in a `cycle:` injection: the injection runs after the rest of the resolve, where
/// no request's arguments reach it, so validation reports the registration.
@Suite struct CycleInjectionArgumentTests {
    @Test func validationReportsAnArgInACycleInjection() throws {
        let container = DIContainer()
        container.register(CIAShared.init)
        container.register(CIABox.init).lifetime(.objectGraph).injection(cycle: true) { $0.count = arg($1) }
        let found = container.makeGraph().validate()
        #expect(found.map(\.kind) == [.argumentMismatch])
        let message = try #require(found.first?.message)
        #expect(message.contains("CIABox has a cycle: injection that takes a runtime argument (arg(Int))"))
        // What validation says is what every resolve meets.
        #expect(throws: DIError.self) { let _: CIABox = try container.tryResolve(args: 5) }
        let error = #expect(throws: DIError.self) { let _: CIABox = try container.tryResolve() }
        #expect(error?.kind == .argumentMismatch)
        #expect(error?.reason == message)
    }

    @Test func anArgInAPlainInjectionIsFine() throws {
        let container = DIContainer()
        container.register(CIAShared.init)
        container.register(CIABox.init).injection { $0.count = arg($1) }
        #expect(container.makeGraph().validate().isEmpty)
        let box: CIABox = try container.tryResolve(args: 5)
        #expect(box.count == 5)
    }

    /// A failure of a `cycle:` injection run by `inject(into:)` names the object's type first.
    @Test func anInjectIntoFailureStartsAtTheObjectsType() {
        let container = DIContainer()
        container.register(CIAScreen.self).injection(cycle: true, \.missing) { (missing: CIAMissing) in missing }
        do {
            try container.tryInject(into: CIAScreen())
            Issue.record("a missing dependency was not reported")
        } catch {
            #expect(error.path == ["CIAScreen", "CIAMissing"])
            #expect(!error.description.contains("()"))
        }
    }
}
