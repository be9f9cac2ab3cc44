import DICore
import Swinject

// The cases where a factory, or the caller, asks for a protocol the registration declared
// with `as(_:)`: how most apps wire their services.

/// A service's interface, and its one implementation, which depends on nothing.
protocol Clock: AnyObject {}
final class SystemClock: Clock {}

/// The 3-object graph again, each dependency asked for as a protocol.
protocol Store: AnyObject {}
protocol API: AnyObject {}
final class MemoryStore: Store {}
final class HTTPAPI: API {
    let store: any Store
    init(store: any Store) { self.store = store }
}
final class Screen {
    let api: any API
    let store: any Store
    init(api: any API, store: any Store) {
        self.api = api
        self.store = store
    }
}

extension Suite {
    /// A prototype with no dependencies, asked for as its protocol.
    static func protocolLeaf() -> BenchCase {
        let tranquil = DIContainer()
        tranquil.register(SystemClock.init).as(Clock.self)
        let swinject = Container()
        swinject.register(Clock.self) { _ in SystemClock() }
        return BenchCase(
            hand: BenchCase.loop { BlackHole.consume(SystemClock() as any Clock) },
            tranquil: BenchCase.loop { BlackHole.consume(tranquil.resolve() as any Clock) },
            swinject: BenchCase.loop { BlackHole.consume(swinject.resolve(Clock.self)!) }
        )
    }

    /// `Screen(api: HTTPAPI(store: store), store: store)`, every parameter a protocol, one
    /// store per resolve (`objectGraph` vs Swinject `.graph`).
    static func protocolGraph() -> BenchCase {
        let tranquil = DIContainer()
        tranquil.register(MemoryStore.init).as(Store.self).lifetime(.objectGraph)
        tranquil.register(HTTPAPI.init).as(API.self).lifetime(.objectGraph)
        tranquil.register(Screen.init).lifetime(.objectGraph)
        let swinject = Container()
        swinject.register(Store.self) { _ in MemoryStore() }.inObjectScope(.graph)
        swinject.register(API.self) { r in HTTPAPI(store: r.resolve(Store.self)!) }.inObjectScope(.graph)
        swinject.register(Screen.self) { r in
            Screen(api: r.resolve(API.self)!, store: r.resolve(Store.self)!)
        }
        .inObjectScope(.graph)
        ObjectCensus.check("Tranquil", expected: 3) { $0(tranquil.resolve() as Screen) }
        ObjectCensus.check("Swinject", expected: 3) { $0(swinject.resolve(Screen.self)!) }
        return BenchCase(
            hand: BenchCase.loop {
                let store = MemoryStore()
                BlackHole.consume(Screen(api: HTTPAPI(store: store), store: store))
            },
            tranquil: BenchCase.loop { BlackHole.consume(tranquil.resolve() as Screen) },
            swinject: BenchCase.loop { BlackHole.consume(swinject.resolve(Screen.self)!) }
        )
    }

    /// ``protocolGraph()`` with each alias declared `as(check:)`: the compiler's upcast
    /// instead of a conformance lookup per conversion.
    static func protocolGraphChecked() -> BenchCase {
        let tranquil = DIContainer()
        tranquil.register(MemoryStore.init).as(check: Store.self) { $0 }.lifetime(.objectGraph)
        tranquil.register(HTTPAPI.init).as(check: API.self) { $0 }.lifetime(.objectGraph)
        tranquil.register(Screen.init).lifetime(.objectGraph)
        ObjectCensus.check("Tranquil", expected: 3) { $0(tranquil.resolve() as Screen) }
        return BenchCase(
            hand: BenchCase.loop {
                let store = MemoryStore()
                BlackHole.consume(Screen(api: HTTPAPI(store: store), store: store))
            },
            tranquil: BenchCase.loop { BlackHole.consume(tranquil.resolve() as Screen) },
            swinject: nil
        )
    }
}
