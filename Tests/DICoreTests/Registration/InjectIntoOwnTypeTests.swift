import DICore
import Testing

private final class IOPresenter {}
private class IOBaseScreen {
    var shown = 0
    init() {}
}
private final class IOProfileScreen: IOBaseScreen {
    var presenter: IOPresenter?
}
private final class IOOtherScreen: IOBaseScreen {
    var presenter: IOPresenter?
}
private protocol IOScreen: AnyObject {}
extension IOProfileScreen: IOScreen {}

/// `inject(into:)` runs the registration of the object's own class, also when the object is
/// passed as its base class or a protocol (a segue's `destination`, `inject(into: self)` in
/// a base class); one registered for the base class serves the subclasses that have none of
/// their own, and a registration the object is no instance of is refused, not run for nothing.
@Suite struct InjectIntoOwnTypeTests {
    private func container() -> DIContainer {
        let container = DIContainer()
        container.register(IOPresenter.init)
        container.register(IOProfileScreen.self).injection(\.presenter)
        return container
    }

    @Test func anObjectPassedAsItsBaseClassGetsItsOwnClasssInjections() throws {
        let screen = IOProfileScreen()
        try container().tryInject(into: screen as IOBaseScreen)
        #expect(screen.presenter != nil)
    }

    @Test func anObjectPassedAsAProtocolGetsThemToo() throws {
        let screen = IOProfileScreen()
        try container().tryInject(into: screen as any IOScreen)
        #expect(screen.presenter != nil)
    }

    /// A base class's registration serves a subclass with none of its own, passed as the
    /// base class; passed as itself, nothing is registered for it.
    @Test func theBaseClasssRegistrationServesAnUnregisteredSubclassPassedAsIt() throws {
        let container = DIContainer()
        container.register(IOBaseScreen.self).injection { (screen: IOBaseScreen, _: IOPresenter) in screen.shown += 1 }
        container.register(IOPresenter.init)
        let screen = IOOtherScreen()
        try container.tryInject(into: screen as IOBaseScreen)
        #expect(screen.shown == 1)
        #expect(throws: DIError.self) { try container.tryInject(into: screen) }
    }

    /// The subclass's registration answers its base class too (`.as`), and another subclass
    /// is passed: its injections would do nothing to it, so the inject fails, naming both.
    @Test func aRegistrationTheObjectIsNoInstanceOfIsRefused() throws {
        let container = DIContainer()
        container.register(IOPresenter.init)
        container.register(IOProfileScreen.self).as(IOBaseScreen.self).injection(\.presenter)
        let other: IOBaseScreen = IOOtherScreen()
        let error = try #require(throws: DIError.self) { try container.tryInject(into: other) }
        #expect(error.kind == .typeMismatch)
        #expect(
            error.description.hasPrefix(
                "cannot resolve IOBaseScreen: the object is a IOOtherScreen, not a IOProfileScreen, the type of the registration chosen, DICoreTests/InjectIntoOwnTypeTests.swift:"
            ),
            "\(error)"
        )
    }
}

private final class IOKept {
    var presenter: IOPresenter?
    var injected = 0
}

/// The instance a lifetime keeps, passed to `inject(into:)`: its injections ran when it was
/// made, and are not run again (as in DITranquillity); another object of the type is filled.
@Suite struct InjectIntoKeptInstanceTests {
    @Test func theKeptInstancePassedBackIsLeftAsItIs() throws {
        let container = DIContainer()
        container.register(IOPresenter.init)
        container.register { IOKept() }.lifetime(.perContainer(.single))
            .injection { (kept: IOKept, presenter: IOPresenter) in
                kept.injected += 1
                kept.presenter = presenter
            }
        let kept: IOKept = container.resolve()
        let presenter = try #require(kept.presenter)
        container.inject(into: kept)
        #expect(kept.injected == 1)
        #expect(kept.presenter === presenter)
        let other = IOKept()
        container.inject(into: other)
        #expect(other.injected == 1)
        #expect(container.resolve() as IOKept === kept)
    }
}
