import DICore
import Swinject

extension Suite {
    /// A new container with `count` distinct components (each depending on `Root`); the
    /// container's deinit is not timed (``teardown(of:)`` times it).
    static func registration(of count: Int) -> BenchCase {
        let tranquil = NumberedTypes.tranquil(count - 1)
        let swinject = NumberedTypes.swinject(count - 1)
        return BenchCase(
            hand: nil,
            tranquil: BenchCase.alone(prepare: {}) { tranquilContainer(tranquil) },
            swinject: BenchCase.alone(prepare: {}) { swinjectContainer(swinject) },
            counted: .timed
        )
    }

    /// The deinit of a container with `count` components, made (untimed) just before.
    static func teardown(of count: Int) -> BenchCase {
        let tranquil = NumberedTypes.tranquil(count - 1)
        let swinject = NumberedTypes.swinject(count - 1)
        return BenchCase(
            hand: nil,
            tranquil: BenchCase.alone(prepare: { Held(tranquilContainer(tranquil)) }) { $0.drop() },
            swinject: BenchCase.alone(prepare: { Held(swinjectContainer(swinject)) }) { $0.drop() },
            counted: .timed
        )
    }

    /// The first resolve of each of `count` distinct `perContainer` roots in a container
    /// registered (untimed) just before: what an app's start costs when every screen resolves
    /// something new (Swinject has no plan to make; its column is its first resolves).
    ///
    /// `lifetime`: `.prototype` roots are built, so their first resolve also compiles the
    /// plan's steps; a `perContainer` root's does not.
    static func firstResolves(of count: Int, lifetime: DILifeTime = .perContainer(.single)) -> BenchCase {
        let registrations = NumberedTypes.tranquil(count, lifetime: lifetime)
        let resolves = NumberedTypes.tranquilResolves(count)
        return BenchCase(
            hand: nil,
            tranquil: BenchCase.alone(prepare: { tranquilContainer(registrations) }) { container in
                for resolve in resolves { resolve(container) }
                return container
            },
            swinject: nil,
            counted: .timed
        )
    }

    /// A Tranquil container with `Root` and `registrations`.
    private static func tranquilContainer(_ registrations: [NumberedTypes.Registration<DIContainer>]) -> DIContainer {
        let container = DIContainer()
        container.register(Root.init)
        for register in registrations { register(container) }
        return container
    }

    /// A Swinject container with `Root` and `registrations`.
    private static func swinjectContainer(_ registrations: [NumberedTypes.Registration<Container>]) -> Container {
        let container = Container()
        container.register(Root.self) { _ in Root() }
        for register in registrations { register(container) }
        return container
    }

    /// `makeGraph().validate()` over `count` components (Swinject has no equivalent).
    static func validation(of count: Int) -> BenchCase {
        let container = DIContainer()
        container.register(Root.init)
        for register in NumberedTypes.tranquil(count - 1) { register(container) }
        return BenchCase(
            hand: nil,
            tranquil: BenchCase.loop { BlackHole.consume(container.makeGraph().validate().count) },
            swinject: nil
        )
    }
}
