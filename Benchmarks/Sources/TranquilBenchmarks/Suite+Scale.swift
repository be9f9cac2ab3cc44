import DICore
import Swinject

extension Suite {
    /// A new container with `count` distinct components (each depending on `Root`).
    static func registration(of count: Int) -> BenchCase {
        let tranquilRegistrations = NumberedTypes.tranquil(count - 1)
        let swinjectRegistrations = NumberedTypes.swinject(count - 1)
        return BenchCase(
            hand: nil,
            tranquil: BenchCase.loop {
                let container = DIContainer()
                container.register(Root.init)
                for register in tranquilRegistrations { register(container) }
                BlackHole.consume(container)
            },
            swinject: BenchCase.loop {
                let container = Container()
                container.register(Root.self) { _ in Root() }
                for register in swinjectRegistrations { register(container) }
                BlackHole.consume(container)
            }
        )
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
