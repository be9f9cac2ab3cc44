import DICore
import Testing

// `initializeSingletonObjects()` makes each `single` with a synchronous resolve that passes
// no arguments; validation warns about those it cannot make that way.

private final class SVPlain {}
private final class SVLoaded {
    init() async {}
}
private final class SVSized {
    init(size: Int) {}
}
private final class SVOptionallySized {
    init(size: Int?) {}
}
private final class SVDeclared {}

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
