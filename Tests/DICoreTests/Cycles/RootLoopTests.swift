import DICore
import DILazy
import TestSupport
import Testing

// A component registered by type only (filled by `inject(into:)`) whose injection needs
// something that needs it back: inside `inject(into:)`, the object being filled is the
// resolve's instance of it, whatever its lifetime, so the loop closes on it
// (DITranquillity 6's `CycleWithoutInitRootCorrect`, there with `objectGraph` only).

private final class RLEditor {
    // Weak: the screen holds the editor, so a strong back reference would leak the pair.
    weak var screen: RLScreen?
    init(screen: RLScreen) { self.screen = screen }
}

private final class RLScreen {
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    var editor: RLEditor!  // the idiom of a view controller filled by inject(into:)
}

private final class RLPresenter {
    weak var view: RLView?
    init() {}
}

private final class RLView {
    var presenter: RLPresenter?
    var later: Lazy<RLView>?
}

private final class RLKeeper {
    // Weak: the view holds its keeper.
    weak var view: RLKeptView?
    init(view: RLKeptView) { self.view = view }
}

private final class RLKeptView {
    var keeper: RLKeeper?
}

private let lifetimeNames = ["prototype", "objectGraph", "perRun", "perContainer", "weak perContainer", "single"]

private func lifetime(named name: String) -> DILifeTime {
    switch name {
    case "prototype": .prototype
    case "objectGraph": .objectGraph
    case "perRun": .perRun(.strong)
    case "perContainer": .perContainer(.strong)
    case "weak perContainer": .perContainer(.weak)
    default: .single
    }
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

    // The VIPER idiom: a view controller the system makes, its presenter pointing back.
    private func makeViewContainer(_ lifetimeName: String) -> DIContainer {
        let container = DIContainer()
        container.register(line: uniqueLine(), RLView.self)
            .lifetime(lifetime(named: lifetimeName))
            .injection(\.presenter)
            .injection { $0.later = $1 }
            .root()
        container.register(RLPresenter.init).injection(cycle: true, \.view)
        return container
    }

    @Test(arguments: lifetimeNames)
    func anOptionalLoopBackGetsTheFilledObjectWhateverItsLifetime(_ lifetimeName: String) throws {
        let container = makeViewContainer(lifetimeName)
        let view = RLView()
        try container.tryInject(into: view)
        #expect(view.presenter?.view === view)
        #expect(try view.later?.tryValue() === view)
        view.later = nil  // a read Lazy of itself keeps the view: a cycle the test made
    }

    @Test(arguments: lifetimeNames)
    func aRequiredLoopBackGetsTheFilledObjectWhateverItsLifetime(_ lifetimeName: String) throws {
        let container = DIContainer()
        container.register(RLEditor.init)
        container.register(line: uniqueLine(), RLScreen.self)
            .lifetime(lifetime(named: lifetimeName))
            .injection { $0.editor = $1 }
            .root()
        #expect(container.makeGraph().validate().filter { $0.severity == .error }.isEmpty)
        let screen = RLScreen()
        try container.tryInject(into: screen)
        #expect(screen.editor.screen === screen)
    }

    @Test(arguments: lifetimeNames)
    func theFilledObjectIsNotKeptPastItsInjection(_ lifetimeName: String) {
        let container = makeViewContainer(lifetimeName)
        let view = RLView()
        container.inject(into: view)
        #expect(throws: DIError.self) { try container.tryResolve() as RLView }
        let other = RLView()
        container.inject(into: other)
        #expect(other.presenter?.view === other)
        #expect(view.presenter !== other.presenter)
    }

    @Test func validationAcceptsTheFilledObjectsOwnLazyBackToItself() {
        let container = makeViewContainer("prototype")
        let problems = container.makeGraph().validate()
        #expect(problems.filter { $0.severity == .error }.isEmpty, "\(problems.map(\.message))")
    }

    /// A cached component made while one object is filled keeps it after the next fill.
    @Test(arguments: ["perContainer", "single"])
    func aCachedHolderOfTheFilledObjectIsCaptive(_ lifetimeName: String) throws {
        let container = DIContainer()
        container.register(line: uniqueLine(), RLKeptView.self)
            .lifetime(lifetime(named: lifetimeName))
            .injection(\.keeper)
            .root()
        container.register(line: uniqueLine(), RLKeeper.init).lifetime(.perContainer(.strong))
        let captive = container.makeGraph().validate().filter { $0.kind == .captiveDependency }
        #expect(captive.count == 1)
        #expect(captive.first?.message.contains("RLKeptView is filled by each inject(into:)") == true)
        let first = RLKeptView()
        let second = RLKeptView()
        try container.tryInject(into: first)
        try container.tryInject(into: second)
        #expect(second.keeper?.view === first)  // what the warning is about
    }
}
