import DICore
import DILazy
import TestSupport
import Testing

// Runtime arguments through `Lazy` and `Provider` of every arity, and through `resolve(args:)`
// (the fixtures, `LI…`, are `LazyIntegrationTests`').

@Suite struct LazyArgumentArityTests {
    private func argumentContainer() -> DIContainer {
        let container = DIContainer()
        container.register { LIArgs(values: ["\(arg($0) as Int)"]) }.as(LIArgs.self, name: "1")
        container.register { LIArgs(values: ["\(arg($0) as Int)", arg($1)]) }.as(LIArgs.self, name: "2")
        container.register { LIArgs(values: ["\(arg($0) as Int)", arg($1), "\(arg($2) as Bool)"]) }
            .as(LIArgs.self, name: "3")
        container.register {
            LIArgs(values: ["\(arg($0) as Int)", arg($1), "\(arg($2) as Bool)", "\(arg($3) as Double)"])
        }
        .as(LIArgs.self, name: "4")
        container.register {
            LIArgs(values: ["\(arg($0) as Int)", arg($1), "\(arg($2) as Bool)", "\(arg($3) as Double)", arg($4)])
        }
        .as(LIArgs.self, name: "5")
        return container
    }

    @Test func providerOfEveryArityFeedsItsArguments() {
        let container = argumentContainer()
        let p1: Provider1<LIArgs, Int> = container.resolve(name: "1")
        let p2: Provider2<LIArgs, Int, String> = container.resolve(name: "2")
        let p3: Provider3<LIArgs, Int, String, Bool> = container.resolve(name: "3")
        let p4: Provider4<LIArgs, Int, String, Bool, Double> = container.resolve(name: "4")
        let p5: Provider5<LIArgs, Int, String, Bool, Double, String> = container.resolve(name: "5")
        #expect(p1.value(1).values == ["1"])
        #expect(p1.value(2).values == ["2"])
        #expect(p2.value(1, "a").values == ["1", "a"])
        #expect(p3.value(1, "a", true).values == ["1", "a", "true"])
        #expect(p4.value(1, "a", true, 0.5).values == ["1", "a", "true", "0.5"])
        #expect(p5.value(1, "a", true, 0.5, "z").values == ["1", "a", "true", "0.5", "z"])
        #expect(p5.value(2, "b", false, 1.5, "y").values == ["2", "b", "false", "1.5", "y"])
    }

    @Test func lazyOfEveryArityKeepsTheFirstCallsValue() {
        let container = argumentContainer()
        let l1: Lazy1<LIArgs, Int> = container.resolve(name: "1")
        let l2: Lazy2<LIArgs, Int, String> = container.resolve(name: "2")
        let l3: Lazy3<LIArgs, Int, String, Bool> = container.resolve(name: "3")
        let l4: Lazy4<LIArgs, Int, String, Bool, Double> = container.resolve(name: "4")
        let l5: Lazy5<LIArgs, Int, String, Bool, Double, String> = container.resolve(name: "5")
        #expect(l1.value(1).values == ["1"])
        #expect(l1.value(2).values == ["1"])
        #expect(l2.value(1, "a").values == ["1", "a"])
        #expect(l2.value(2, "b").values == ["1", "a"])
        #expect(l3.value(1, "a", true).values == ["1", "a", "true"])
        #expect(l3.value(2, "b", false).values == ["1", "a", "true"])
        #expect(l4.value(1, "a", true, 0.5).values == ["1", "a", "true", "0.5"])
        #expect(l5.value(1, "a", true, 0.5, "z").values == ["1", "a", "true", "0.5", "z"])
        #expect(l5.value(2, "b", false, 1.5, "y").values == ["1", "a", "true", "0.5", "z"])
        #expect(l5.wasMade)
    }

    @Test func resolveWithArgumentsOfEveryArity() throws {
        let container = DIContainer()
        container.register {
            LIArgs(values: ["\(arg($0) as Int)", arg($1), "\(arg($2) as Bool)", "\(arg($3) as Double)", arg($4)])
        }
        let child = DIContainer()
        child.register { LIArgs(values: ["\(arg($0) as Int)"]) }
        let one: LIArgs = try child.tryResolve(args: 1)
        let five: LIArgs = try container.tryResolve(args: 1, "a", true, 0.5, "z")
        #expect(one.values == ["1"])
        #expect(five.values == ["1", "a", "true", "0.5", "z"])
    }

    @Test func argumentTypeMismatchIsAnArgumentMismatchError() {
        let container = DIContainer()
        container.register { LIArgNewsRouter(dependency: $0, serverName: arg($1), newsCount: arg($2)) }
        container.register(LIDependency.init)
        let fits: LIArgNewsRouter? = try? container.tryResolve(args: "eu", 5)
        #expect(fits?.newsCount == 5)
        for attempt in 0..<3 {
            do {
                let _: LIArgNewsRouter
                switch attempt {
                case 0: _ = try container.tryResolve(args: 5, "eu") as LIArgNewsRouter
                case 1: _ = try container.tryResolve(args: "eu") as LIArgNewsRouter
                default: _ = try container.tryResolve(args: "eu", 5, 6) as LIArgNewsRouter
                }
                Issue.record("attempt \(attempt) should have failed")
            } catch {
                #expect(error.kind == .argumentMismatch)
                #expect(error.description.contains("String"))
                #expect(error.description.contains("Int"))
            }
        }
        let again: LIArgNewsRouter = container.resolve(args: "us", 7)
        #expect(again.serverName == "us")
    }

    @Test func providerWithTheWrongArgumentCountFailsWhenHandedOut() {
        let container = DIContainer()
        container.register { LIArgNewsRouter(dependency: $0, serverName: arg($1), newsCount: arg($2)) }
        container.register(LIDependency.init)
        let short: Result<Provider1<LIArgNewsRouter, String>, DIError> = Result { () throws(DIError) in
            try container.tryResolve()
        }
        let long: Result<Lazy3<LIArgNewsRouter, String, Int, Int>, DIError> = Result { () throws(DIError) in
            try container.tryResolve()
        }
        let none: Result<Provider<LIArgNewsRouter>, DIError> = Result { () throws(DIError) in
            try container.tryResolve()
        }
        for error in [short.failure, long.failure, none.failure] {
            #expect(error?.kind == .argumentMismatch)
            #expect(error?.description.contains("(String, Int)") == true)
        }
        let fits: Provider2<LIArgNewsRouter, String, Int>? = try? container.tryResolve()
        #expect(fits?.value("eu", 1).serverName == "eu")
    }

    #if os(macOS) || os(Linux)  // exit tests: not on iOS, tvOS, watchOS or visionOS
    @Test func providerWithWrongArgumentTypesReportsTheMismatchOnUse() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Router {
                init(server: String, count: Int) {}
            }
            let container = DIContainer()
            container.register { Router(server: arg($0), count: arg($1)) }
            let swapped: Provider2<Router, Int, String> = container.resolve()
            _ = swapped.value(5, "eu")
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("argumentMismatch") || message.contains("arg parameters are (String, Int)"))
        #expect(message.contains("(Int, String)"))
    }
    #endif
}
