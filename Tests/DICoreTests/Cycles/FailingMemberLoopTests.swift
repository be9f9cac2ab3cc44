import DICore
import DILazy
import Testing

// A loop through a component whose making always fails at a parameter before the loop's
// edge: a resolve never gets through that component to close the loop, and a request of it
// through an optional is `nil`. Validation reports the parameter, not a cycle that no resolve
// meets; a loop reached before the failing parameter is still a cycle.

private final class FMScreen {
    let editor: FMEditor?
    init(editor: FMEditor?) { self.editor = editor }
}
private final class FMMissing {}
private final class FMLaterEditor {
    init(missing: Lazy<FMMissing>, screen: FMLaterScreen) {}
}
private final class FMLaterScreen {
    let editor: FMLaterEditor?
    init(editor: FMLaterEditor?) { self.editor = editor }
}
private final class FMEditor {
    var screens: [FMScreen] = []
    init(missing: FMMissing, screen: FMScreen) {}
    init(screen: FMScreen, missing: FMMissing) {}
    init(missing: FMMissing) {}
}

@Suite struct FailingMemberLoopTests {
    private func errors(_ container: DIContainer) -> [DIDiagnostic.Kind] {
        container.makeGraph().validate().filter { $0.severity == .error }.map(\.kind)
    }

    @Test func aLoopPastTheFailingParameterIsNoCycle() throws {
        let container = DIContainer()
        container.register(FMScreen.init)
        container.register { (missing: FMMissing, screen: FMScreen) in FMEditor(missing: missing, screen: screen) }
        #expect(errors(container) == [.missingDependency])
        #expect(container.makeGraph().checkIsValid(checkGraphCycles: true) == false)
        let screen: FMScreen = try container.tryResolve()
        #expect(screen.editor == nil)
    }

    @Test func aLoopThroughAnInjectionAfterTheFailingParameterIsNoCycle() throws {
        let container = DIContainer()
        container.register(FMScreen.init).lifetime(.perContainer(.weak))
        container.register { (missing: FMMissing) in FMEditor(missing: missing) }
            .lifetime(.perContainer(.strong))
            .injection(\.screens) { many($0) }
        #expect(errors(container) == [.missingDependency])
        let screen: FMScreen = try container.tryResolve()
        #expect(screen.editor == nil)
    }

    @Test func aLoopBeforeTheFailingParameterIsACycle() {
        let container = DIContainer()
        container.register(FMScreen.init)
        container.register { (screen: FMScreen, missing: FMMissing) in FMEditor(screen: screen, missing: missing) }
        #expect(Set(errors(container)) == [.missingDependency, .cycle])
        #expect(throws: DIError.self) { try container.tryResolve() as FMScreen }
        do {
            _ = try container.tryResolve() as FMScreen
        } catch {
            #expect(error.kind == .cycle)
        }
    }

    /// A `Lazy` of nothing registered fails when it is handed out, so the loop is not reached.
    @Test func aLoopPastALazyOfNothingIsNoCycle() throws {
        let container = DIContainer()
        container.register(FMLaterScreen.init)
        container.register(FMLaterEditor.init)
        let problems = container.makeGraph().validate().filter { $0.severity == .error }
        #expect(problems.map(\.kind) == [.missingDependency], "\(problems.map(\.message))")
        let screen: FMLaterScreen = try container.tryResolve()
        #expect(screen.editor == nil)
    }
}
