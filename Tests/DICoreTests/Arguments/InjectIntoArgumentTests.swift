import DICore
import TestSupport
import Testing

// `inject(into:)` passes no runtime arguments: an injection's `arg` that is not `Optional`
// cannot be given, and the error says so; an `Optional` one gets `nil`.

private final class IAView {
    var count = 0
    var title: String? = "unset"
}

@Suite struct InjectIntoArgumentTests {
    @Test func anInjectionsArgIsAMismatchNamingInjectInto() {
        let container = DIContainer()
        container.register(IAView.self).injection { $0.count = arg($1) }
        let error = #expect(throws: DIError.self) { try container.tryInject(into: IAView()) }
        #expect(error?.kind == .argumentMismatch)
        #expect(error?.path == ["IAView"])
        #expect(
            error?.reason
                == "its injections' arg parameters are (Int) but inject(into:) passes no runtime arguments (make those parameters Optional)"
        )
    }

    /// With no initializer, nothing but `inject(into:)` fills it, so validation reports the
    /// `arg` it can never give; an `Optional` one, which gets `nil`, is fine.
    @Test func validationReportsWhatInjectIntoCannotGive() {
        let container = DIContainer()
        container.register(IAView.self).injection { $0.count = arg($1) }.root()
        let found = container.makeGraph().validate()
        #expect(found.map(\.kind) == [.argumentMismatch])
        #expect(found.first?.message.contains("inject(into:) passes no runtime arguments") == true)
        #expect(found.first?.path == ["IAView"])

        let optional = DIContainer()
        optional.register(IAView.self).injection { $0.title = arg($1) }.root()
        #expect(optional.makeGraph().validate().isEmpty)
        let withInitializer = DIContainer()
        withInitializer.register(IAView.init).injection { $0.count = arg($1) }
        #expect(withInitializer.makeGraph().validate().isEmpty)
    }

    /// With an initializer, a resolve can pass them instead: the advice says so.
    @Test func withAnInitializerTheAdviceIsAResolve() {
        let container = DIContainer()
        container.register(IAView.init).injection { $0.count = arg($1) }
        let error = #expect(throws: DIError.self) { try container.tryInject(into: IAView()) }
        #expect(
            error?.reason.hasSuffix("(resolve it with resolve(args:) instead, or make those parameters Optional)")
                == true
        )
        let view: IAView = container.resolve(args: 3)
        #expect(view.count == 3)
    }

    /// A `cycle:` injection's too (which no resolve can feed either).
    @Test func aCycleInjectionsArgIsOneToo() {
        let container = DIContainer()
        container.register(IAView.self).injection(cycle: true) { $0.count = arg($1) }
        let error = #expect(throws: DIError.self) { try container.tryInject(into: IAView()) }
        #expect(error?.reason.hasPrefix("its injections' arg parameters are (Int) but inject(into:) passes") == true)
    }

    @Test func anOptionalOneGetsNil() throws {
        let container = DIContainer()
        container.register(IAView.self).injection { $0.title = arg($1) }
        let view = IAView()
        try container.tryInject(into: view)
        #expect(view.title == nil)
    }

    /// A factory's `arg` is not the injections' business: `inject(into:)` runs none.
    @Test func aFactorysArgDoesNotStopIt() throws {
        let container = DIContainer()
        container.register { IAView.make(count: arg($0)) }.injection { $0.title = "injected" }
        let view = IAView()
        try container.tryInject(into: view)
        #expect(view.title == "injected")
    }
}

extension IAView {
    fileprivate static func make(count: Int) -> IAView {
        let view = IAView()
        view.count = count
        return view
    }
}
