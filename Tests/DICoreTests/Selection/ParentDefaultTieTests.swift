import DICore
import TestSupport
import Testing

// A child container with candidates of its own decides alone: a parent's `.default()` does
// not break the child's tie. The tie's message says so, wherever it is reported (the
// resolve's error, validation, the optional request's warning), naming the parent's mark.

private protocol PDTAnimal: AnyObject {}
private final class PDTCat: PDTAnimal {}
private final class PDTDog: PDTAnimal {}
private final class PDTOwner {
    let pet: (any PDTAnimal)?
    init(pet: (any PDTAnimal)?) { self.pet = pet }
}

@Suite struct ParentDefaultTieTests {
    /// A parent whose `.default()` picks among its own two, and a child with two of its own.
    private func containers(parentDefault: Bool = true) -> (parent: DIContainer, child: DIContainer) {
        let parent = DIContainer()
        let marked = parent.register(PDTCat.init).as((any PDTAnimal).self)
        if parentDefault { marked.default() }
        parent.register(PDTDog.init).as((any PDTAnimal).self)
        let child = DIContainer(parent: parent)
        child.register(PDTCat.init).as((any PDTAnimal).self)
        child.register(PDTDog.init).as((any PDTAnimal).self)
        return (parent, child)
    }

    @Test func theErrorNamesTheParentsDefaultSetAside() throws {
        let (parent, child) = containers()
        let inParent: any PDTAnimal = try parent.tryResolve()
        #expect(inParent is PDTCat)
        let error = try #require(resolveError((any PDTAnimal).self) { () throws(DIError) in try child.tryResolve() })
        #expect(error.kind == .ambiguous)
        #expect(
            error.reason.contains(
                "a .default() above them is set aside, in a container above the one they are registered in"
            )
        )
        #expect(error.reason.contains("PDTCat"))
        #expect(error.reason.contains("[default]"))
    }

    @Test func withoutAParentMarkTheMessageSaysNothingOfParents() throws {
        let (_, child) = containers(parentDefault: false)
        let error = try #require(resolveError((any PDTAnimal).self) { () throws(DIError) in try child.tryResolve() })
        #expect(error.kind == .ambiguous)
        #expect(!error.reason.contains("set aside"))
    }

    @Test func validationSaysItToo() throws {
        let (_, child) = containers()
        child.register(PDTOwner.init)
        let problems = child.makeGraph().validate()
        let tie = try #require(problems.first { $0.kind == .ambiguousDependency })
        #expect(
            tie.message.contains(
                "a .default() above them is set aside, in a container above the one they are registered in"
            )
        )
    }

    @Test func theOptionalRequestsWarningSaysItToo() throws {
        let (_, child) = containers()
        child.register(PDTOwner.init)
        let diagnostics = DiagnosticLog()
        child.addObserver(diagnostics)
        let owner: PDTOwner = try child.tryResolve()
        let pet: (any PDTAnimal)? = try child.tryResolve()
        #expect(owner.pet == nil && pet == nil)
        let warnings = diagnostics.all.filter { $0.kind == .ambiguousDependency }
        #expect(warnings.count >= 2)
        #expect(
            warnings.allSatisfy {
                $0.message.contains(
                    "a .default() above them is set aside, in a container above the one they are registered in"
                )
            }
        )
    }

    /// Three levels: the tie is in the middle container, the mark in the root one, and the
    /// resolve starts below both; two marks above are counted.
    @Test func aMarkTwoContainersUpIsNamedToo() throws {
        let root = DIContainer()
        root.register(PDTCat.init).as((any PDTAnimal).self).default()
        let parent = DIContainer(parent: root)
        parent.register(PDTCat.init).as((any PDTAnimal).self)
        parent.register(PDTDog.init).as((any PDTAnimal).self)
        let child = DIContainer(parent: parent)
        let error = try #require(resolveError((any PDTAnimal).self) { () throws(DIError) in try child.tryResolve() })
        #expect(error.reason.contains("a .default() above them is set aside"))

        let twoMarks = DIContainer(parent: root)
        twoMarks.register(PDTCat.init).as((any PDTAnimal).self).default()
        let below = DIContainer(parent: twoMarks)
        below.register(PDTCat.init).as((any PDTAnimal).self)
        below.register(PDTDog.init).as((any PDTAnimal).self)
        let both = try #require(resolveError((any PDTAnimal).self) { () throws(DIError) in try below.tryResolve() })
        #expect(both.reason.contains("2 .default() above them are set aside"))
    }
}
