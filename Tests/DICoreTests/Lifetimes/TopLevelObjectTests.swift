import DICore
import TestSupport
import Testing

private class Engine {}
private final class TurboEngine: Engine {}

private final class Car {
    let engine: Engine
    init(engine: Engine) { self.engine = engine }
}

/// Its factory resolves `Mirror` again, from the top, while `Mirror` is being made.
private final class Mirror {
    let reflection: Mirror?
    init(reflection: Mirror?) { self.reflection = reflection }
}

/// A plain `resolve<T>()` of exactly the class a cached component makes claims the slot
/// itself and hands the new object straight to the slot and the caller. These tests pin
/// what that path must still do like every other: report and undo a failed making, see a
/// loop, answer a base class with the subclass instance its factory made, and share or keep
/// instances across parent and child containers as their lifetimes say.
@Suite struct TopLevelObjectTests {
    @Test func aFailedMakingNamesTheChainAndLeavesTheSlotFree() throws {
        let container = DIContainer()
        container.register(Car.init).lifetime(.perContainer(.single))
        let error = resolveError(Car.self) { () throws(DIError) in try container.tryResolve() }
        #expect(error?.kind == .notRegistered)
        #expect(error?.path == ["Car", "Engine"])
        // Nothing half-made stays behind: once the dependency exists, the same slot is made.
        container.register(Engine.init).lifetime(.perContainer(.single))
        let car: Car = try container.tryResolve()
        let again: Car = container.resolve()
        #expect(car === again)
        #expect(car.engine === (container.resolve() as Engine))
    }

    @Test func aFactoryResolvingItsOwnTypeFromTheTopIsACycle() {
        let container = DIContainer()
        let seen = Collected<DIError>()
        container.register { (container: DIContainer) -> Mirror in
            do throws(DIError) {
                return Mirror(reflection: try container.tryResolve())
            } catch {
                seen.append(error)
                return Mirror(reflection: nil)
            }
        }
        .lifetime(.perContainer(.single))
        let mirror: Mirror = container.resolve()
        #expect(mirror.reflection == nil)
        #expect(seen.values.map(\.kind) == [.cycle])
        #expect(mirror === (container.resolve() as Mirror))
    }

    @Test func aBaseClassIsAnsweredWithTheSubclassInstanceItsFactoryMade() {
        let container = DIContainer()
        container.register { TurboEngine() as Engine }.lifetime(.perContainer(.single))
        container.register(Car.init)
        for _ in 0..<2 {
            let engine: Engine = container.resolve()
            #expect(engine is TurboEngine)
            #expect(engine === (container.resolve() as Engine))
            #expect((container.resolve() as Car).engine === engine)
            container.clean()
        }
    }

    @Test func aPlainChildSharesItsParentsInstanceAcrossTheParentsClean() {
        let parent = DIContainer()
        parent.register(Engine.init).lifetime(.perContainer(.single))
        let child = DIContainer(parent: parent)
        let first: Engine = child.resolve()
        #expect(first === (parent.resolve() as Engine))
        parent.clean()
        let second: Engine = child.resolve()
        #expect(second !== first)
        #expect(second === (parent.resolve() as Engine))
        #expect(second === (child.resolve() as Engine))
    }

    @Test func anIsolatingChildKeepsItsOwnInstance() {
        let parent = DIContainer()
        parent.register(Engine.init).lifetime(.perContainer(.single))
        let child = DIContainer(isolatedFrom: parent)
        let own: Engine = child.resolve()
        let parents: Engine = parent.resolve()
        #expect(own !== parents)
        #expect(own === (child.resolve() as Engine))
        child.clean()
        #expect(own !== (child.resolve() as Engine))
        #expect(parents === (parent.resolve() as Engine))
    }

    /// An instance made as a dependency is found from the top, and stays the answer after
    /// another registration retires the container's remembered answers.
    @Test func anInstanceMadeAsADependencyIsTheTopLevelAnswer() {
        let container = DIContainer()
        container.register(Engine.init).lifetime(.perContainer(.single))
        container.register(Car.init)
        let car: Car = container.resolve()
        #expect(car.engine === (container.resolve() as Engine))
        container.register(TurboEngine.init)
        #expect(car.engine === (container.resolve() as Engine))
    }
}
