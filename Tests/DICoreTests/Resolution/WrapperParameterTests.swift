import DICore
import Testing

// A factory's parameters of every wrapper kind, each made by its wrapper (what registration
// found out about the parameter's type): with runtime arguments (the general way every
// time), and without (the first resolve, then the compiled ones).

private protocol WPSound: Sendable {
    var name: String { get }
}

private final class WPBark: WPSound {
    let name = "bark"
}

private final class WPMeow: WPSound {
    let name = "meow"
}

private enum WPLoud {}

private final class WPBox: Sendable {
    let bark: WPBark
    init(bark: WPBark) { self.bark = bark }
}

private final class WPAll: Sendable {
    let optional: WPBark?
    let missing: WPBox?
    let lazy: Lazy<WPBark>
    let provider: Provider<WPBark>
    let many: DIMany<any WPSound>
    let tagged: DIByTag<WPLoud, any WPSound>
    let container: DIContainer
    let size: Int

    init(
        optional: WPBark?,
        missing: WPBox?,
        lazy: Lazy<WPBark>,
        provider: Provider<WPBark>,
        many: DIMany<any WPSound>,
        tagged: DIByTag<WPLoud, any WPSound>,
        container: DIContainer,
        size: DIArg<Int>
    ) {
        self.optional = optional
        self.missing = missing
        self.lazy = lazy
        self.provider = provider
        self.many = many
        self.tagged = tagged
        self.container = container
        self.size = arg(size)
    }
}

/// The same wrappers but `arg`: a plan that compiles.
private final class WPLight: Sendable {
    let optional: WPBark?
    let missing: WPBox?
    let lazy: Lazy<WPBark>
    let tagged: DIByTag<WPLoud, any WPSound>
    let container: DIContainer

    init(
        optional: WPBark?,
        missing: WPBox?,
        lazy: Lazy<WPBark>,
        tagged: DIByTag<WPLoud, any WPSound>,
        container: DIContainer
    ) {
        self.optional = optional
        self.missing = missing
        self.lazy = lazy
        self.tagged = tagged
        self.container = container
    }
}

@Suite struct WrapperParameterTests {
    @Test func everyWrapperKindIsMadeForItsParameterEveryTime() throws {
        let container = DIContainer()
        container.register(WPBark.init).as((any WPSound).self)
        container.register(WPMeow.init).as((any WPSound).self, tag: WPLoud.self)
        container.register(WPAll.init)
        for size in 1...3 {
            let all: WPAll = try container.tryResolve(args: size)
            #expect(all.optional != nil)
            #expect(all.missing == nil)
            #expect(all.lazy.value.name == "bark")
            #expect(all.provider.value !== all.provider.value)
            #expect(many(all.many).map(\.name).sorted() == ["bark", "meow"])
            #expect(by(tag: WPLoud.self, on: all.tagged).name == "meow")
            #expect(all.container === container)
            #expect(all.size == size)
        }
    }

    @Test func wrapperParametersOfACompiledPlanAreMadeEveryTime() throws {
        let container = DIContainer()
        container.register(WPBark.init).as((any WPSound).self)
        container.register(WPMeow.init).as((any WPSound).self, tag: WPLoud.self)
        container.register(WPLight.init)
        var lazies: [Lazy<WPBark>] = []
        for _ in 1...3 {
            let light: WPLight = try container.tryResolve()
            #expect(light.optional != nil)
            #expect(light.missing == nil)
            #expect(light.lazy.value.name == "bark")
            #expect(by(tag: WPLoud.self, on: light.tagged).name == "meow")
            #expect(light.container === container)
            lazies.append(light.lazy)
        }
        #expect(lazies[0].value !== lazies[1].value)
    }
}
