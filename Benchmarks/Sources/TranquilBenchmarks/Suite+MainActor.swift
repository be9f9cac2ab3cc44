import DICore
import Swinject

/// A screen's view model, isolated to the main actor as UIKit and SwiftUI apps write them.
@MainActor final class ViewModel {
    let service: Service
    init(service: Service) { self.service = service }
}

extension Suite {
    /// `let model: ViewModel = container.resolve()` in a `viewDidLoad`: a main-actor
    /// initializer with a cached service, resolved synchronously on the main actor (Swinject's
    /// factory asserts the main actor to call it).
    static func mainActorViewModel() -> BenchCase {
        let tranquil = DIContainer()
        tranquil.register(Service.init).lifetime(.perContainer(.single))
        tranquil.register(ViewModel.init)
        let swinject = Container()
        swinject.register(Service.self) { _ in Service() }.inObjectScope(.container)
        swinject.register(ViewModel.self) { resolver in
            let service = resolver.resolve(Service.self)!
            return MainActor.assumeIsolated { ViewModel(service: service) }
        }
        let service = Service()
        return BenchCase(
            hand: BenchCase.loop { MainActor.assumeIsolated { BlackHole.consume(ViewModel(service: service)) } },
            tranquil: BenchCase.loop {
                MainActor.assumeIsolated { BlackHole.consume(tranquil.resolve() as ViewModel) }
            },
            swinject: BenchCase.loop { BlackHole.consume(swinject.resolve(ViewModel.self)!) }
        )
    }
}
