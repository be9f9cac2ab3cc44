import DICore
import DILazy
import TestSupport
import Testing

// `inject(into:)` of a registration that has an initializer too: the object passed is the
// resolve's instance of that registration, whatever its lifetime, so a loop back to it
// closes on it; its factory does not run, and what the lifetime keeps is left as it was.

private final class ILView {
    var presenter: ILPresenter?
    let made: Bool
    init(made: Bool) { self.made = made }
}

private final class ILPresenter {
    weak var view: ILView?
    init() {}
}

private final class ILEditor {
    // Weak: the screen holds the editor.
    weak var screen: ILScreen?
    init(screen: ILScreen) { self.screen = screen }
}

private final class ILScreen {
    var editor: ILEditor?
    init() {}
}

private final class ILNestedPresenter {
    weak var view: ILNestedView?
    init(view: ILNestedView) { self.view = view }
}

private final class ILNestedView {
    var presenter: ILNestedPresenter?
    init() {}
}

private final class ILLazyPresenter {
    weak var view: ILLazyView?
    init(view: Lazy<ILLazyView>) { self.view = view.value }
}

private final class ILLazyView {
    var presenter: ILLazyPresenter?
    init() {}
}

private let lifetimes: [DILifeTime] = [
    .prototype, .objectGraph, .perRun(.strong), .perContainer(.strong), .perContainer(.weak), .single,
]

@Suite struct InjectIntoLoopTests {
    @Test(arguments: lifetimes, [false, true])
    func aCycleInjectionBackClosesOnTheObjectPassed(lifetime: DILifeTime, madeBefore: Bool) throws {
        let made = Counter()
        let container = DIContainer()
        container.register(line: uniqueLine()) { () -> ILView in
            made.increment()
            return ILView(made: true)
        }
        .lifetime(lifetime)
        .injection(\.presenter)
        container.register(ILPresenter.init).injection(cycle: true, \.view)
        // A resolve of a prototype view makes a new one for each pass of the loop: it fails.
        let resolves = lifetime != .prototype
        let before: ILView? = madeBefore && resolves ? try container.tryResolve() : nil
        let madeCount = made.value

        let view = ILView(made: false)
        try container.tryInject(into: view)
        #expect(view.presenter?.view === view)
        #expect(made.value == madeCount, "inject(into:) ran the factory")
        // What the lifetime keeps is still what it kept.
        if let before, lifetime != .prototype, lifetime != .objectGraph {
            #expect(try container.tryResolve() as ILView === before)
        }
        if resolves {
            let next: ILView = try container.tryResolve()
            #expect(next !== view, "the object passed was kept")
        } else {
            #expect(throws: DIError.self) { try container.tryResolve() as ILView }
        }
    }

    @Test(arguments: lifetimes)
    func aRequiredLoopBackClosesOnTheObjectPassed(lifetime: DILifeTime) throws {
        let container = DIContainer()
        container.register(line: uniqueLine(), ILScreen.init).lifetime(lifetime).injection(\.editor)
        container.register(ILEditor.init)
        let screen = ILScreen()
        try container.tryInject(into: screen)
        #expect(screen.editor?.screen === screen)
    }

    /// A resolve the factory of an injected dependency makes is part of the same resolve.
    @Test(arguments: lifetimes)
    func aResolveInsideAnInjectionsFactoryGetsTheObjectPassed(lifetime: DILifeTime) throws {
        let container = DIContainer()
        container.register(line: uniqueLine(), ILNestedView.init).lifetime(lifetime).injection(\.presenter)
        container.register { (resolver: DIContainer) in
            ILNestedPresenter(view: (try? resolver.tryResolve()) ?? ILNestedView())
        }
        let view = ILNestedView()
        try container.tryInject(into: view)
        #expect(view.presenter?.view === view)
    }

    /// A `Lazy` read while the injections run is read in the same resolve.
    @Test(arguments: lifetimes)
    func aLazyReadWhileTheInjectionsRunGetsTheObjectPassed(lifetime: DILifeTime) throws {
        let container = DIContainer()
        container.register(line: uniqueLine(), ILLazyView.init).lifetime(lifetime).injection(\.presenter)
        container.register(ILLazyPresenter.init)
        let view = ILLazyView()
        try container.tryInject(into: view)
        #expect(view.presenter?.view === view)
    }

    /// So is a `Provider` read in an injection of the object itself.
    @Test(arguments: lifetimes)
    func aProviderReadInItsOwnInjectionGetsTheObjectPassed(lifetime: DILifeTime) throws {
        let container = DIContainer()
        let seen = LockedValue<ObjectIdentifier?>(nil)
        container.register(line: uniqueLine(), ILScreen.init).lifetime(lifetime)
            .injection { (screen: ILScreen, again: Provider<ILScreen>) in
                seen.value = ObjectIdentifier(again.value)
            }
        let screen = ILScreen()
        try container.tryInject(into: screen)
        #expect(seen.value == ObjectIdentifier(screen))
    }
}
