import DICore
import DILazy
import Testing

// DITranquillity 6 behaviour of runtime arguments (issue 19, items 1, 2 and 8).

private final class Sized {
    let size: Int
    init(size: Int) { self.size = size }
}

private final class Labelled {
    let size: Int
    let label: String?
    init(size: Int, label: String?) {
        self.size = size
        self.label = label
    }
}

private final class Filled {
    let size: Int
    var count = 0
    var names: [Int] = []
    init(size: Int) { self.size = size }
}

private final class Holder {
    let sized: Sized
    init(sized: Sized) { self.sized = sized }
}

private enum Large {}

/// Collects the diagnostic events a container delivers.
private final class Diagnostics: DIObserver, @unchecked Sendable {
    // @unchecked Sendable: test observer, `found` is only read after the synchronous call.
    var found: [DIDiagnostic] = []
    func receive(_ event: DIEvent) {
        if event.kind == .diagnostic, let diagnostic = event.diagnostic { found.append(diagnostic) }
    }
}

@Suite struct ArgumentCompatibilityTests {
    @Test func optionalResolveWithoutItsArgumentsIsNilAndSaysWhy() {
        let container = DIContainer()
        container.register { Sized(size: arg($0)) }
        let diagnostics = Diagnostics()
        container.addObserver(diagnostics)
        let sized: Sized? = container.resolve()
        #expect(sized == nil)
        let reasons = diagnostics.found.filter { $0.kind == .argumentMismatch }.map(\.message)
        #expect(reasons.count == 1)
        #expect(reasons.first == "Sized? is nil: its arg parameters are (Int) but no arguments are given")
    }

    @Test func optionalResolveIsNilWithoutAnObserverToo() throws {
        let container = DIContainer()
        container.register { Sized(size: arg($0)) }
        let sized: Sized? = container.resolve()
        let tried: Sized? = try container.tryResolve()
        #expect(sized == nil)
        #expect(tried == nil)
        #expect((container.resolve(args: 3) as Sized?)?.size == 3)
    }

    @Test func requiredResolveWithoutArgumentsStillThrowsArgumentMismatch() {
        let container = DIContainer()
        container.register { Sized(size: arg($0)) }
        #expect {
            let _: Sized = try container.tryResolve()
        } throws: { error in
            (error as? DIError)?.kind == .argumentMismatch && "\(error)".contains("Sized")
        }
    }

    @Test func optionalDependencyWithoutArgumentsIsNilInsideAGraph() {
        final class Screen {
            let sized: Sized?
            init(sized: Sized?) { self.sized = sized }
        }
        let container = DIContainer()
        container.register { Sized(size: arg($0)) }
        container.register(Screen.init)
        let screen: Screen = container.resolve()
        #expect(screen.sized == nil)
    }

    @Test func optionalArgumentLeftOutIsNil() {
        let container = DIContainer()
        container.register { Labelled(size: arg($0), label: arg($1)) }
        let short: Labelled = container.resolve(args: 4)
        #expect(short.size == 4 && short.label == nil)
        let full: Labelled = container.resolve(args: 4, "four")
        #expect(full.label == "four")
        let nilLiteral: Labelled = container.resolve(args: 5, nil)
        #expect(nilLiteral.size == 5 && nilLiteral.label == nil)
    }

    @Test func anyOptionalArgumentsAcceptNilOnlyForOptionalParameters() {
        let container = DIContainer()
        container.register { Labelled(size: arg($0), label: arg($1)) }
        #expect {
            let _: Labelled = try container.tryResolve(args: nil, "x")
        } throws: { error in
            (error as? DIError)?.kind == .argumentMismatch && "\(error)".contains("(nil, String)")
        }
    }

    @Test func argumentsInInjectionsComeAfterTheInitializers() {
        let container = DIContainer()
        container.register { Filled(size: arg($0)) }
            .injection { $0.count = arg($1) }
            .injection(\.names) { arg($0) }
        let filled: Filled = container.resolve(args: 1, 2, [3, 4])
        #expect(filled.size == 1 && filled.count == 2 && filled.names == [3, 4])
    }

    @Test func theArgumentCheckCountsInjectionArguments() {
        let container = DIContainer()
        container.register { Filled(size: arg($0)) }.injection { $0.count = arg($1) }
        #expect {
            let _: Filled = try container.tryResolve(args: 1)
        } throws: { error in
            (error as? DIError)?.kind == .argumentMismatch && "\(error)".contains("(Int, Int)")
        }
        let missing: Filled? = container.resolve(args: 1)
        #expect(missing == nil)
    }

    @Test func anyArgumentsReachADeeperComponent() throws {
        let container = DIContainer()
        container.register { Sized(size: arg($0)) }
        container.register(Holder.init)
        let holder: Holder = container.resolve(arguments: AnyArguments(for: Sized.self, args: 7))
        #expect(holder.sized.size == 7)
        var wrong = AnyArguments()
        wrong.addArgs(for: Sized.self, args: "seven")
        #expect(throws: DIError.self) {
            let _: Holder = try container.tryResolve(arguments: wrong)
        }
    }

    @Test func anyArgumentsAsyncTwin() async throws {
        let container = DIContainer()
        container.register { Sized(size: arg($0)) }
        container.register(Holder.init)
        let holder: Holder = await container.resolve(arguments: AnyArguments(for: Sized.self, args: 8))
        let tried: Holder = try await container.tryResolve(arguments: AnyArguments(for: Sized.self, args: 9))
        #expect(holder.sized.size == 8 && tried.sized.size == 9)
    }

    private func namedAndTagged() -> DIContainer {
        let container = DIContainer()
        container.register { Sized(size: arg($0)) }.as(Sized.self, name: "small")
        container.register { Sized(size: arg($0) * 100) }.as(Sized.self, tag: Large.self)
        return container
    }

    @Test func nameAndTagCombineWithArguments() throws {
        let container = namedAndTagged()
        let small: Sized = container.resolve(name: "small", args: 2)
        let large: Sized = container.resolve(tag: Large.self, args: 2)
        let triedSmall: Sized = try container.tryResolve(name: "small", args: 3)
        let triedLarge: Sized = try container.tryResolve(tag: Large.self, args: 3)
        #expect([small, triedSmall].map(\.size) == [2, 3])
        #expect([large, triedLarge].map(\.size) == [200, 300])
        #expect(throws: DIError.self) {
            let _: Sized = try container.tryResolve(name: "small", args: "two")
        }
    }

    @Test func nameAndTagCombineWithArgumentsAsync() async throws {
        let container = namedAndTagged()
        let small: Sized = await container.resolve(name: "small", args: 4)
        let large: Sized = try await container.tryResolve(tag: Large.self, args: 4)
        let nilLiteral: Sized? = try await container.tryResolve(args: nil)
        #expect(small.size == 4 && large.size == 400 && nilLiteral == nil)
    }
}

private final class LazySizedHolder {
    let sized: Lazy<Sized>
    init(sized: Lazy<Sized>) { self.sized = sized }
}

extension ArgumentCompatibilityTests {
    /// Validation cannot know that a root will be resolved with `AnyArguments`: a plain
    /// dependency on a component with `arg` parameters is a warning that names the way to
    /// feed it, and the resolve that feeds it works.
    @Test func aDeepArgumentDependencyIsAWarningThatNamesAnyArguments() throws {
        let container = DIContainer()
        container.register { Sized(size: arg($0)) }
        container.register(Holder.init)
        let found = container.makeGraph().validate()
        #expect(found.map(\.severity) == [.warning])
        #expect(found.map(\.kind) == [.argumentMismatch])
        let message = try #require(found.first?.message)
        let stated = "Holder needs Sized: it passes no runtime arguments but Sized's arg parameters are (Int): "
        #expect(message.hasPrefix(stated))
        #expect(message.contains("only resolve(arguments: AnyArguments(for: Sized.self, args: …)) can give them, at "))
        #expect(container.makeGraph().checkIsValid())
        let holder: Holder = container.resolve(arguments: AnyArguments(for: Sized.self, args: 4))
        #expect(holder.sized.size == 4)
    }

    /// A `Lazy` asks in a resolve of its own, which the root's `AnyArguments` do not reach:
    /// validation calls it an error, and the resolve fails as it says.
    @Test func aLazyOfAComponentWithArgumentsIsAnError() {
        let container = DIContainer()
        container.register { Sized(size: arg($0)) }
        container.register(LazySizedHolder.init)
        let found = container.makeGraph().validate()
        #expect(found.map(\.severity) == [.error])
        #expect(found.first?.message.contains("AnyArguments") == false)
        // Handing the Lazy out already fails: it passes no arguments.
        #expect(throws: DIError.self) {
            let _: LazySizedHolder = try container.tryResolve(arguments: AnyArguments(for: Sized.self, args: 4))
        }
    }
}
