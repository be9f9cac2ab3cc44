import DICore
import Testing

private final class IRProfileViewController {
    var presenter: IRProfilePresenter?
}
private final class IRProfilePresenter {
    weak var view: IRProfileViewController?
}

/// Registration.md's `inject(into:)` example: validation accepts it with `.root()` on the
/// view controller's registration, and says the presenter's `view` is nil every time without.
@Suite struct InjectIntoRootDocTests {
    private func container(root: Bool) -> DIContainer {
        let container = DIContainer()
        let screen = container.register(IRProfileViewController.self).injection(\.presenter)
        if root { screen.root() }
        container.register(IRProfilePresenter.init).injection(cycle: true, \.view)
        return container
    }

    @Test func theDocumentedWiringValidatesWithItsRoot() {
        let container = container(root: true)
        #expect(container.makeGraph().validate().isEmpty)
        let viewController = IRProfileViewController()
        container.inject(into: viewController)
        #expect(viewController.presenter?.view === viewController)
    }

    @Test func withoutTheRootValidationSaysTheViewIsNilEveryTime() throws {
        let problem = try #require(container(root: false).makeGraph().validate().first)
        #expect(problem.kind == .noInitializer)
        #expect(
            problem.message.hasSuffix("only inject(into:) can fill it, and it is nil every time"),
            "\(problem.message)"
        )
    }
}
