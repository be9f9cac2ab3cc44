import DICore
import DILazy
import Testing

private final class Engine {}

/// A weak reference a helper can hand back.
private final class Weak<Object: AnyObject> {
    weak var object: Object?
}
private final class Car {
    let engine: Engine
    init(engine: Engine) { self.engine = engine }
}

private class Wheel {}
private final class SpokedWheel: Wheel {}
private final class Bike {
    let wheel: Wheel
    init(wheel: Wheel) { self.wheel = wheel }
}

private protocol Horn: AnyObject {}
private final class LoudHorn: Horn {}
private final class Truck {
    let horn: any Horn
    init(horn: any Horn) { self.horn = horn }
}

/// A factory's parameter answered by a cached component takes the instance its slot keeps.
/// These tests pin what that must mean whatever shortcut it takes: the container's own
/// instance (an isolating child's own, not its parent's), any class or protocol type the
/// component answers to, and the new instance after a clean.
@Suite struct CachedParameterTests {
    @Test func aCachedParameterIsTheInstanceTheContainerKeeps() {
        let container = DIContainer()
        container.register(Engine.init).lifetime(.perContainer(.single))
        container.register(Car.init)
        let engine: Engine = container.resolve()
        let first: Car = container.resolve()
        let second: Car = container.resolve()
        #expect(first !== second)
        #expect(first.engine === engine)
        #expect(second.engine === engine)
    }

    @Test func parametersGetTheNewInstanceAfterClean() {
        let container = DIContainer()
        container.register(Engine.init).lifetime(.perContainer(.single))
        container.register(Car.init)
        let before: Car = container.resolve()
        container.clean()
        let after: Car = container.resolve()
        let engine: Engine = container.resolve()
        #expect(after.engine !== before.engine)
        #expect(after.engine === engine)
    }

    /// A container of an `Engine` with `lifetime` and a prototype `Car` made from it, and a
    /// weak reference to the engine two cars were given (the cars are gone by then).
    private func engineTwoCarsShared(_ lifetime: DILifeTime) -> (container: DIContainer, engine: Weak<Engine>) {
        let container = DIContainer()
        container.register(Engine.init).lifetime(lifetime)
        container.register(Car.init)
        let held = Weak<Engine>()
        do {
            let car: Car = container.resolve()
            let again: Car = container.resolve()
            #expect(again.engine === car.engine)
            held.object = car.engine
        }
        return (container, held)
    }

    @Test func cleanLetsGoOfTheInstanceParametersWereGiven() {
        let (container, engine) = engineTwoCarsShared(.perContainer(.single))
        #expect(engine.object != nil)
        container.clean()
        #expect(engine.object == nil)
    }

    @Test func anIsolatingChildGivesParametersItsOwnInstances() {
        let parent = DIContainer()
        parent.register(Engine.init).lifetime(.perContainer(.single))
        parent.register(Car.init)
        let parentCar: Car = parent.resolve()
        let child = DIContainer(isolatedFrom: parent)
        let childCar: Car = child.resolve()
        let childEngine: Engine = child.resolve()
        #expect(childCar.engine !== parentCar.engine)
        #expect(childCar.engine === childEngine)
        // Twice, now that the child's instance is cached: still the child's own.
        let again: Car = child.resolve()
        #expect(again.engine === childEngine)
        let parentEngine: Engine = parent.resolve()
        #expect(parentEngine === parentCar.engine)
    }

    /// A cached `SpokedWheel` registered as a `Wheel`, and a prototype `Bike` made from it.
    private static func bikes() -> DIContainer {
        let container = DIContainer()
        container.register { SpokedWheel() as Wheel }.lifetime(.perContainer(.single))
        container.register(Bike.init)
        return container
    }

    @Test func aSubclassInstanceAnswersItsBaseClassParameter() {
        let container = Self.bikes()
        let first: Bike = container.resolve()
        let second: Bike = container.resolve()
        #expect(first.wheel is SpokedWheel)
        #expect(first.wheel === second.wheel)
    }

    @Test func aCachedSubclassInstanceAnswersEveryRequestForItsBaseClass() {
        let container = Self.bikes()
        let bike: Bike = container.resolve()
        let first: Wheel = container.resolve()
        let second: Wheel = container.resolve()
        let later: Lazy<Wheel> = container.resolve()
        #expect(first is SpokedWheel)
        #expect(first === bike.wheel)
        #expect(second === first)
        #expect(later.value === first)
    }

    @Test func aCachedInstanceAnswersAProtocolParameter() {
        let container = DIContainer()
        container.register(LoudHorn.init).as((any Horn).self).lifetime(.perContainer(.single))
        container.register(Truck.init)
        let first: Truck = container.resolve()
        let second: Truck = container.resolve()
        let horn: LoudHorn = container.resolve()
        #expect(first.horn === horn)
        #expect(second.horn === horn)
    }

    @Test func aWeaklyCachedParameterLivesOnlyWhileSomethingHoldsIt() {
        let (container, shared) = engineTwoCarsShared(.perContainer(.weak))
        // Only the cars held it: the container did not.
        #expect(shared.object == nil)
        let fresh: Car = container.resolve()
        let engine: Engine = container.resolve()
        #expect(fresh.engine === engine)
    }
}
