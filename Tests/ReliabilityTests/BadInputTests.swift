import DICore
import DILazy
import DIParts
import Foundation
import Testing

private protocol BadAnimal: AnyObject {}
private final class BadEngine {}
private final class BadCar {
    init(engine: BadEngine) {}
}
private final class CycleA {
    init(b: CycleB) {}
}
private final class CycleB {
    init(a: CycleA) {}
}
private final class Selfish {
    init(selfish: Selfish) {}
}
private final class BadRouter {
    init(server: String, count: Int) {}
}
private final class NoInit {
    var engine: BadEngine?
}
private final class Unregistered {
    var engine: BadEngine?
}
private final class NotAnAnimal {}
/// Registered before every bad input; must answer the same afterwards.
private final class Healthy {}

/// One way to misuse the container, what it must answer, and what the message must name.
enum BadInput: CaseIterable, Sendable {
    case missing, ambiguous, initCycle, selfDependency, argumentCount, argumentType, providerArgumentCount
    case wrongName, wrongTag, noInitializer, injectIntoUnregistered, aliasThatDoesNotHold
    case importOutsideFramework, cleanUnknownPart, cleanUnknownFramework, cleanUnknownCustomScope

    /// The error kind it must give; `nil` for a documented no-op.
    var kind: DIError.Kind? {
        switch self {
        case .missing, .wrongName, .wrongTag, .injectIntoUnregistered: .notRegistered
        case .ambiguous: .ambiguous
        case .initCycle, .selfDependency: .cycle
        case .argumentCount, .argumentType, .providerArgumentCount: .argumentMismatch
        case .noInitializer: .noInitializer
        case .aliasThatDoesNotHold: .typeMismatch
        case .importOutsideFramework, .cleanUnknownPart, .cleanUnknownFramework, .cleanUnknownCustomScope: nil
        }
    }

    /// Words the error message (or the misuse note) must contain.
    var mentions: [String] {
        switch self {
        case .missing: ["BadCar", "BadEngine"]
        case .ambiguous: ["BadEngine", "BadInputTests.swift"]
        case .initCycle: ["CycleA", "CycleB"]
        case .selfDependency: ["Selfish"]
        case .argumentCount: ["BadRouter", "(String, Int)", "(String)"]
        case .argumentType: ["BadRouter", "(String, Int)", "(Int, String)"]
        case .providerArgumentCount: ["BadRouter", "(String, Int)"]
        case .wrongName: ["BadEngine", "nobody"]
        case .wrongTag: ["BadEngine", "BadRouter"]
        case .noInitializer: ["NoInit"]
        case .injectIntoUnregistered: ["Unregistered"]
        case .aliasThatDoesNotHold: ["NotAnAnimal", "BadAnimal"]
        case .importOutsideFramework: ["Fw<N2>"]
        case .cleanUnknownPart, .cleanUnknownFramework, .cleanUnknownCustomScope: []
        }
    }

    /// Whether ``setUp(_:)`` leaves exactly one `BadEngine` to resolve.
    var registersOneEngine: Bool {
        switch self {
        case .wrongName, .wrongTag, .injectIntoUnregistered, .importOutsideFramework, .cleanUnknownPart,
            .cleanUnknownFramework, .cleanUnknownCustomScope:
            true
        default: false
        }
    }

    func setUp(_ container: DIContainer) {
        switch self {
        case .missing: container.register(BadCar.init)
        case .ambiguous:
            container.register(BadEngine.init)
            container.register(BadEngine.init)
            container.register(BadCar.init)
        case .initCycle:
            container.register(CycleA.init).lifetime(.perContainer(.single))
            container.register(CycleB.init)
        case .selfDependency: container.register(Selfish.init).lifetime(.objectGraph)
        case .argumentCount, .argumentType, .providerArgumentCount:
            container.register { BadRouter(server: arg($0), count: arg($1)) }
        case .wrongName, .wrongTag: container.register(BadEngine.init).as(BadEngine.self, name: "somebody")
        case .noInitializer: container.register(NoInit.self).injection(\.engine)
        case .aliasThatDoesNotHold: container.register(NotAnAnimal.init).as(BadAnimal.self)
        case .injectIntoUnregistered, .importOutsideFramework, .cleanUnknownPart, .cleanUnknownFramework,
            .cleanUnknownCustomScope:
            container.register(BadEngine.init)
        }
    }

    /// Does the bad thing; the error it gave (or `nil` for a no-op).
    func attempt(_ container: DIContainer) -> DIError? {
        do throws(DIError) {
            switch self {
            case .missing, .ambiguous: let _: BadCar = try container.tryResolve()
            case .initCycle: let _: CycleA = try container.tryResolve()
            case .selfDependency: let _: Selfish = try container.tryResolve()
            case .argumentCount: let _: BadRouter = try container.tryResolve(args: "eu")
            case .argumentType: let _: BadRouter = try container.tryResolve(args: 1, "eu")
            case .providerArgumentCount: let _: Provider1<BadRouter, String> = try container.tryResolve()
            case .wrongName: let _: BadEngine = try container.tryResolve(name: "nobody")
            case .wrongTag: let _: BadEngine = try container.tryResolve(tag: BadRouter.self)
            case .noInitializer: let _: NoInit = try container.tryResolve()
            case .injectIntoUnregistered: try container.tryInject(into: Unregistered())
            case .aliasThatDoesNotHold: let _: any BadAnimal = try container.tryResolve()
            case .importOutsideFramework: container.import(Fw<N2>.self)
            case .cleanUnknownPart: container.clean(part: Pt<N3>.self)
            case .cleanUnknownFramework: container.clean(framework: Fw<N3>.self)
            case .cleanUnknownCustomScope: container.clean(custom: "nobody")
            }
            return nil
        } catch {
            return error
        }
    }
}

@Suite struct BadInputTests {
    @Test(arguments: BadInput.allCases)
    func badInputGivesItsTypedErrorAndLeavesTheContainerWorking(_ input: BadInput) {
        let container = DIContainer()
        container.register(Healthy.init).lifetime(.perContainer(.single))
        let healthy: Healthy = container.resolve()
        input.setUp(container)

        let error = input.attempt(container)
        #expect(error?.kind == input.kind)
        let text = input == .importOutsideFramework ? container.misuses.joined() : error?.description ?? ""
        for word in input.mentions {
            #expect(text.contains(word), "\(input): \"\(text)\" does not name \(word)")
        }
        // The same request fails the same way again (nothing half-made was kept) ...
        #expect(input.attempt(container)?.kind == input.kind)
        // ... and the container answers everything else as before.
        let again: Healthy = container.resolve()
        #expect(again === healthy)
        let engine: BadEngine? = container.resolve()
        #expect((engine != nil) == input.registersOneEngine)
    }

    @Test func aliasingAComponentAsItsOwnTypeOrTwiceIsNotAmbiguous() throws {
        let container = DIContainer()
        container.register(Healthy.init).as(Healthy.self).as(AnyObject.self).as(AnyObject.self)
        let healthy: Healthy = try container.tryResolve()
        let object: AnyObject = try container.tryResolve()
        #expect(object is Healthy)
        let all: [Healthy] = container.resolveMany()
        #expect(all.count == 1)
        _ = healthy
    }

    #if os(macOS) || os(Linux)  // exit tests: not on iOS, tvOS, watchOS or visionOS
    #if DEBUG  // an assertion: a release build does not check
    @Test func anAsCheckConversionReturningAnotherObjectStopsADebugBuild() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Stand: Sendable {}
            final class Kept: Sendable {}
            let container = DIContainer()
            container.register(Kept.init).as(check: AnyObject.self) { _ in Stand() }
            for _ in 0..<3 {
                let object: AnyObject = container.resolve()
                _ = object
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("must return its argument"))
        #expect(message.contains("Kept"))
    }
    #endif

    /// The component it could not make is named, its dependency after it on the path.
    @Test func initializeSingletonObjectsNamesTheComponentItCouldNotMake() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Absent {}
            final class Eager {
                init(absent: Absent) {}
            }
            let container = DIContainer()
            container.register(Eager.init).lifetime(.single)
            container.initializeSingletonObjects()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("initializeSingletonObjects() could not make BadInputTests.Eager (single) at "))
        #expect(message.contains("(BadInputTests.Eager → BadInputTests.Absent)"))
        #expect(!message.contains("Any"))
    }

    /// A `single` that needs `await`, made by `initializeSingletonObjects()` inside a task:
    /// the message says to resolve it with `await`, without the hint that the call may have
    /// meant an async overload (it has none).
    @Test func initializeSingletonObjectsInATaskSaysToAwaitTheAsyncSingle() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Awaited {
                init() async {}
            }
            let container = DIContainer()
            container.register(Awaited.init).lifetime(.single)
            container.initializeSingletonObjects()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("initializeSingletonObjects() could not make BadInputTests.Awaited (single) at "))
        #expect(message.contains("resolve it with await"))
        #expect(!message.contains("this synchronous resolve runs inside a task"), "\(message)")
    }

    /// An awaited trapping resolve stops at the caller's line, as the synchronous one does.
    @Test func anAwaitedResolveTrapsAtTheCallersLine() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Unmade {}
            let _: Unmade = await DIContainer().resolve()
        }
        Self.expectTrapAtCaller(result, naming: "Unmade")
    }

    /// So does one with runtime arguments that do not fit.
    @Test func anAwaitedResolveWithArgumentsTrapsAtTheCallersLine() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Sized {
                init(size: Int) {}
            }
            let container = DIContainer()
            container.register { Sized(size: arg($0)) }
            let _: Sized = await container.resolve(args: "not a size")
        }
        Self.expectTrapAtCaller(result, naming: "Sized")
    }

    private static func expectTrapAtCaller(
        _ result: ExitTest.Result?,
        naming type: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("BadInputTests.swift:"), sourceLocation: sourceLocation)
        #expect(!message.contains("DIContainer+Resolve"), sourceLocation: sourceLocation)
        #expect(message.contains(type), sourceLocation: sourceLocation)
    }

    @Test func aLazyOutlivingItsContainerFailsWithContainerReleased() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Orphan {}
            var container: DIContainer? = DIContainer()
            container?.register(Orphan.init)
            let lazy: Lazy<Orphan>? = container?.resolve()
            container = nil
            _ = lazy?.value
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Orphan"))
        #expect(message.contains("released"))
    }

    @Test func aProviderOutlivingItsContainerFailsWithContainerReleased() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Orphan {}
            var container: DIContainer? = DIContainer()
            container?.register(Orphan.init).lifetime(.perContainer(.single))
            let provider: Provider<Orphan>? = container?.resolve()
            container = nil
            _ = provider?.value
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Orphan"))
        #expect(message.contains("released"))
    }
    #endif
}
