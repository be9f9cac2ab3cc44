import DICore
import Testing

// `register { optionalValue }` answers the wrapped type, as in DITranquillity (issue 19, item 5).

private protocol Service: AnyObject {}
private final class Backend: Service, Sendable {}

@Suite struct OptionalRegistrationTests {
    @Test func anOptionalValueIsResolvedAsTheWrappedType() {
        let container = DIContainer()
        let backend: Backend? = Backend()
        container.register { backend }.as((any Service).self)
        let resolved: Backend = container.resolve()
        let asService: any Service = container.resolve()
        #expect(resolved === backend)
        #expect(asService === backend)
    }

    @Test func aNilValueIsAbsent() {
        let container = DIContainer()
        let backend: Backend? = nil
        container.register { backend }
        let optional: Backend? = container.resolve()
        #expect(optional == nil)
        #expect {
            let _: Backend = try container.tryResolve()
        } throws: { error in
            (error as? DIError)?.kind == .notRegistered && "\(error)".contains("returned nil")
        }
    }

    @Test func aNilValueGivesNilToAnOptionalParameter() {
        final class Screen {
            let backend: Backend?
            init(backend: Backend?) { self.backend = backend }
        }
        let container = DIContainer()
        let backend: Backend? = nil
        container.register { backend }
        container.register(Screen.init)
        let screen: Screen = container.resolve()
        #expect(screen.backend == nil)
    }

    /// A registration whose closure gives `nil` is absent from `many` too: the others are
    /// resolved, in order.
    @Test func aNilValueIsLeftOutOfMany() throws {
        let (container, first, last) = Self.threeBackendsOneNil()
        let all: [Backend] = container.resolveMany()
        #expect(all.map(ObjectIdentifier.init) == [first, last].map(ObjectIdentifier.init))
        let tried: [Backend] = try container.tryResolveMany()
        #expect(tried.count == 2)
    }

    @Test func aNilValueIsLeftOutOfAnAwaitedMany() async {
        let (container, _, _) = Self.threeBackendsOneNil()
        let awaited: [Backend] = await container.resolveMany()
        #expect(awaited.count == 2)
    }

    /// A registration whose closure gives `nil` between two that give a `Backend`: it is
    /// absent from `many` too.
    private static func threeBackendsOneNil() -> (DIContainer, Backend, Backend) {
        let container = DIContainer()
        let first = Backend()
        let last = Backend()
        let absent: Backend? = nil
        container.register { first }
        container.register { absent }
        container.register { last }
        return (container, first, last)
    }
}
