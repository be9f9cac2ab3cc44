/// Announces a registration when the statement that made it ends.
///
/// Every ``DIComponentBuilder`` copy a chain of modifiers returns shares one, so it goes
/// when the last does: after `container.register(Cat.init).as(Animal.self).lifetime(…)`,
/// observers and the log hear of `Cat` with its aliases and lifetime at once, not at the
/// next registry operation. Made when something observes the container, and for a
/// registration inside a part's or framework's `load`, which other threads see only once it
/// is sealed.
final class RegistrationEnd: Sendable {
    private let container: DIContainer
    private let id: Int

    init(container: DIContainer, id: Int) {
        self.container = container
        self.id = id
    }

    deinit {
        // Outside every lock: the announcement runs observers, which are user code.
        container.finishRegistration(id)
    }
}
