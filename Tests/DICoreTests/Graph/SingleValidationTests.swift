import DICore
import Testing

// `initializeSingletonObjects()` makes each `single` with a synchronous resolve that passes
// no arguments; validation warns about those it cannot make that way.

private final class SVPlain {}
private final class SVLoaded: Sendable {
    init() async {}
}
private final class SVSized {
    init(size: Int) {}
}
private final class SVOptionallySized {
    init(size: Int?) {}
}
private final class SVDeclared {}
private final class SVEager {
    init(loaded: SVLoaded) {}
}
private final class SVPatient {
    init(loaded: SVLoaded?, later: AsyncLazy<SVLoaded>) {}
}

@Suite struct SingleValidationTests {
    private func warnings(_ container: DIContainer) -> [String: DIDiagnostic.Kind] {
        var found: [String: DIDiagnostic.Kind] = [:]
        for problem in container.makeGraph().validate() {
            #expect(problem.severity == .warning)
            #expect(problem.message.contains("initializeSingletonObjects() cannot make it"))
            found[problem.path.first ?? ""] = problem.kind
        }
        return found
    }

    @Test func aSingleThatNeedsAwaitArgumentsOrAnInitializerIsWarnedAbout() {
        let container = DIContainer()
        container.register(SVPlain.init).lifetime(.single)
        container.register { () async in await SVLoaded() }.lifetime(.single)
        container.register { SVSized(size: arg($0)) }.lifetime(.single)
        container.register(SVDeclared.self).lifetime(.single)
        #expect(
            warnings(container) == [
                "SVLoaded": .requiresAsync, "SVSized": .argumentMismatch, "SVDeclared": .noInitializer,
            ]
        )
    }

    /// Something it needs made with it needs `await`: the same; not through an optional or
    /// an `AsyncLazy`, which a synchronous resolve leaves `nil` or for later.
    @Test func aSingleWhoseDependencyNeedsAwaitIsWarnedAbout() throws {
        let container = DIContainer()
        container.register { () async in await SVLoaded() }
        container.register(SVEager.init).lifetime(.single)
        container.register(SVPatient.init).lifetime(.single)
        #expect(warnings(container) == ["SVEager": .requiresAsync])
        let message = try #require(container.makeGraph().validate().first?.message)
        #expect(message.hasPrefix("SVEager is .single but needs SVLoaded, which has an async initializer"))
    }

    /// Only `single` is made by `initializeSingletonObjects()`; an optional argument may be
    /// left out.
    @Test func otherLifetimesAndOptionalArgumentsAreNot() {
        let container = DIContainer()
        container.register { () async in await SVLoaded() }.lifetime(.perContainer(.single))
        container.register { SVSized(size: arg($0)) }.lifetime(.perApplication(.single))
        container.register { SVOptionallySized(size: arg($0)) }.lifetime(.single)
        #expect(warnings(container).isEmpty)
        container.initializeSingletonObjects()
    }
}
