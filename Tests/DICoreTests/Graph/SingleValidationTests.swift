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
private final class SVApp {}
private final class SVUsesDeclared {
    init(declared: SVDeclared) {}
}
private final class SVMissing {}
private final class SVNeedsMissing {
    init(missing: SVMissing) {}
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

    /// With `.root()` marks, validation checks what the roots reach, and the container's
    /// own `single` components as well: `initializeSingletonObjects()` makes each of them,
    /// reached or not, and one that cannot be made stops the process.
    @Test func aRootedGraphChecksTheSinglesNothingReaches() throws {
        let container = DIContainer()
        container.register(SVApp.init).root()
        container.register(SVNeedsMissing.init).lifetime(.single)
        container.register { () async in await SVLoaded() }.lifetime(.single)
        container.register(SVNeedsMissing.init).lifetime(.perApplication(.single))
        let problems = container.makeGraph().validate()
        let missing = try #require(problems.first { $0.kind == .missingDependency })
        #expect(missing.severity == .error)
        #expect(missing.path == ["SVNeedsMissing", "SVMissing"])
        #expect(problems.contains { $0.kind == .requiresAsync && $0.path.first == "SVLoaded" })
        #expect(problems.count == 2, "\(problems.map(\.message))")
    }

    /// A parent's `single` is the parent's to make: a child's rooted graph does not start there.
    @Test func aChildsRootedGraphLeavesItsParentsSinglesToTheParent() {
        let parent = DIContainer()
        parent.register(SVNeedsMissing.init).lifetime(.single)
        let child = DIContainer(parent: parent)
        child.register(SVApp.init).root()
        #expect(child.makeGraph().validate().isEmpty)
        #expect(parent.makeGraph().validate().map(\.kind) == [.missingDependency])
    }

    /// With `.unused()` marks and no root, every other component is checked as before: a
    /// `single` is no root there, and a loop or a component filled only by `inject(into:)`
    /// is judged from everywhere.
    @Test func withoutRootsASingleIsNoStartingPoint() {
        let container = DIContainer()
        container.register(SVDeclared.self).lifetime(.single)
        container.register { SVUsesDeclared(declared: $0) }
        container.register(SVApp.init).unused()
        #expect(container.makeGraph().validate().contains { $0.kind == .noInitializer && $0.severity == .error })
    }
}
