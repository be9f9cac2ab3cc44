import DICore
import Testing

// Validation of `.as(P.self)`: an alias the registered type can never be is reported before
// a resolve fails with `.typeMismatch`. Internal, not private: the runtime looks a
// protocol's conformances up by its mangled name, which it cannot do for a private one.

protocol AVPet {}
struct AVRock {}
struct AVDog: AVPet {}
class AVAnimal {}
final class AVCat: AVAnimal, AVPet {}
final class AVStone {}
final class AVPetHolder {
    init(pet: any AVPet) {}
}

@Suite struct AliasValidationTests {
    private func aliasProblems(_ container: DIContainer) -> [DIDiagnostic] {
        container.makeGraph().validate().filter { $0.message.contains("is registered .as(") }
    }

    @Test func aStructThatDoesNotConformIsAnErrorAndItsResolveFails() throws {
        let container = DIContainer()
        container.register(AVRock.init).as((any AVPet).self)
        let problems = aliasProblems(container)
        #expect(problems.map(\.severity) == [.error])
        let problem = try #require(problems.first)
        #expect(problem.kind == .misuse)
        #expect(problem.path == ["AVRock"])
        #expect(
            problem.message.hasPrefix(
                "AVRock is registered .as(AVPet.self) but cannot be used as AVPet, so every resolve of AVPet or many that picks it fails (.typeMismatch), at DICoreTests/AliasValidationTests.swift:"
            )
        )
        let error = #expect(throws: DIError.self) { let _: any AVPet = try container.tryResolve() }
        #expect(error?.kind == .typeMismatch)
    }

    /// The resolve's error names the component's made type as it answers for the alias, as
    /// other errors' paths do.
    @Test func aTypeMismatchPathNamesWhatAnsweredForTheAlias() {
        let container = DIContainer()
        container.register(AVRock.init).as((any AVPet).self)
        container.register(AVPetHolder.init)
        let error = #expect(throws: DIError.self) { let _: AVPetHolder = try container.tryResolve() }
        #expect(error?.kind == .typeMismatch)
        #expect(error?.path == ["AVPetHolder", "AVRock as AVPet"])
        #expect(error?.description.hasSuffix("cannot be used as AVPet (AVPetHolder → AVRock as AVPet)") == true)
    }

    /// A class that is no `P` may still have a subclass that is: a warning, and a factory
    /// that returns such a subclass resolves.
    @Test func aClassThatIsNotOneIsAWarning() throws {
        let container = DIContainer()
        container.register { () -> AVAnimal in AVCat() }.as((any AVPet).self)
        container.register(AVStone.init).as(AVAnimal.self)
        let problems = aliasProblems(container)
        #expect(problems.map(\.severity) == [.warning, .warning])
        #expect(problems.first?.message.contains("unless its factory returns a subclass that is one") == true)
        let pet: any AVPet = try container.tryResolve()
        #expect(pet is AVCat)
    }

    @Test func aliasesThatHoldAreNotReported() {
        let container = DIContainer()
        container.register(AVDog.init).as((any AVPet).self)
        container.register(AVCat.init).as((any AVPet).self).as(AVAnimal.self).as(Any.self)
        container.register(AVStone.init).as(check: AnyObject.self) { $0 }
        #expect(aliasProblems(container).isEmpty)
        #expect(container.makeGraph().checkIsValid())
    }
}
