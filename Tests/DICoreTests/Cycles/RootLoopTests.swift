import DICore
import Testing

// A component registered by type only (filled by `inject(into:)`) whose injection needs
// something that needs it back: inside `inject(into:)`, the object being filled is the
// `objectGraph` instance, so the loop closes on it (DITranquillity 6's
// `CycleWithoutInitRootCorrect`).

private final class RLEditor {
    // Weak: the screen holds the editor, so a strong back reference would leak the pair.
    weak var screen: RLScreen?
    init(screen: RLScreen) { self.screen = screen }
}

private final class RLScreen {
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    var editor: RLEditor!  // the idiom of a view controller filled by inject(into:)
}

@Suite struct RootLoopTests {
    private func makeContainer() -> DIContainer {
        let container = DIContainer()
        container.register(RLEditor.init).lifetime(.prototype)
        container.register(RLScreen.self)
            .injection { $0.editor = $1 }
            .lifetime(.objectGraph)
            .root()
        return container
    }

    @Test func injectingIntoTheRootClosesTheLoopOnIt() {
        let container = makeContainer()
        let screen = RLScreen()
        container.inject(into: screen)
        #expect(screen.editor.screen === screen)
    }

    @Test func validationAcceptsTheLoopThroughTheRoot() {
        let container = makeContainer()
        let problems = container.makeGraph().validate()
        #expect(problems.filter { $0.severity == .error }.isEmpty, "\(problems.map(\.message))")
        #expect(container.makeGraph().checkIsValid(checkGraphCycles: true))
    }

    @Test func anotherRootReachingTheMemberStillFails() {
        let container = makeContainer()
        final class Other {
            init(editor: RLEditor) {}
        }
        container.register(Other.init).root()
        let problems = container.makeGraph().validate()
        #expect(problems.contains { $0.kind == .noInitializer && $0.message.contains("RLScreen") })
    }
}
