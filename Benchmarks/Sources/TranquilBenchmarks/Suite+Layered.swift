import DICore
import Swinject

// The 100-class layered graph (Generated/Layered.swift): 10 layers of 10 classes, each class
// taking 1–3 classes of the layer below.
extension Suite {
    /// The layered graph, cached: drop the instances, then resolve every class bottom layer
    /// first (each made once, its dependencies found cached).
    static func layeredCached() -> BenchCase {
        let tranquil = DIContainer()
        LayeredTranquil.register(in: tranquil, lifetime: .perContainer(.single))
        let swinject = Container()
        LayeredSwinject.register(in: swinject, scope: .container)
        ObjectCensus.check("hand-written", expected: 100) { LayeredRoot().touchAll($0) }
        ObjectCensus.check("Tranquil", expected: 100) { sink in
            tranquil.clean()
            LayeredTranquil.resolveAll(from: tranquil, sink)
        }
        ObjectCensus.check("Swinject", expected: 100) { sink in
            swinject.resetObjectScope(.container)
            LayeredSwinject.resolveAll(from: swinject, sink)
        }
        return BenchCase(
            hand: BenchCase.loop { LayeredRoot().touchAll(BlackHole.consume) },
            tranquil: BenchCase.loop {
                tranquil.clean()
                LayeredTranquil.resolveAll(from: tranquil, BlackHole.consume)
            },
            swinject: BenchCase.loop {
                swinject.resetObjectScope(.container)
                LayeredSwinject.resolveAll(from: swinject, BlackHole.consume)
            }
        )
    }

    /// The layered graph, wholly prototype: the 10 top classes, 5,747 objects.
    static func layeredPrototype() -> BenchCase {
        layeredTopClasses(lifetime: .prototype, scope: .transient, objects: 5_747) {
            LayeredFactory.makeTop($0)
        }
    }

    /// The layered graph, wholly `objectGraph` (Swinject `.graph`): the 10 top classes, each
    /// a top-level resolve of its own that makes every class it reaches once and shares it,
    /// 579 objects in all. Hand-written, each top class's make builds its graph into locals.
    static func layeredObjectGraph() -> BenchCase {
        layeredTopClasses(lifetime: .objectGraph, scope: .graph, objects: 579) {
            LayeredGraphFactory.makeTop($0)
        }
    }

    /// The 10 top classes of the layered graph, made by hand (`hand`), resolved from Tranquil
    /// with every node registered with `lifetime` and from Swinject in `scope`; each variant is
    /// first checked to make `objects` distinct objects.
    private static func layeredTopClasses(
        lifetime: DILifeTime,
        scope: ObjectScope,
        objects: Int,
        hand: @escaping (_ sink: (AnyObject) -> Void) -> Void
    ) -> BenchCase {
        let tranquil = DIContainer()
        LayeredTranquil.register(in: tranquil, lifetime: lifetime)
        let swinject = Container()
        LayeredSwinject.register(in: swinject, scope: scope)
        ObjectCensus.check("hand-written", expected: objects, hand)
        ObjectCensus.check("Tranquil", expected: objects) { LayeredTranquil.resolveTop(from: tranquil, $0) }
        ObjectCensus.check("Swinject", expected: objects) { LayeredSwinject.resolveTop(from: swinject, $0) }
        return BenchCase(
            hand: BenchCase.loop { hand(BlackHole.consume) },
            tranquil: BenchCase.loop { LayeredTranquil.resolveTop(from: tranquil, BlackHole.consume) },
            swinject: BenchCase.loop { LayeredSwinject.resolveTop(from: swinject, BlackHole.consume) }
        )
    }
}
