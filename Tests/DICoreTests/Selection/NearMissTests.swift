import DICore
import Testing

private final class NMUploader {}
private enum NMMainTag {}
private enum NMBackupTag {}
private protocol NMHTTPClient: AnyObject {}
private final class NMURLSessionHTTPClient: NMHTTPClient {}
private class NMAnimal {}
private final class NMDog: NMAnimal {}
private final class NMUnrelated {}
/// Needs an `NMHTTPClient`: named like it, but no candidate to alias.
private final class NMHTTPClientUser {
    init(client: any NMHTTPClient) {}
}
private final class NMFeedFramework {}
private final class NMNetworkFramework {}
// Internal, not private: the runtime looks a protocol's conformances up by its mangled name,
// which it cannot do for a private one (that case falls back to names, tested above).
protocol NMClient {}
protocol NMOtherClient {}
struct NMLive: NMClient, NMOtherClient {}
protocol NMSessionClient: AnyObject {}
final class NMSession: NMSessionClient {}
protocol NMTestMainActor {}
final class NMTestActor {}
protocol NMRepository<Entity>: AnyObject {
    associatedtype Entity
}
struct NMUser {}
final class NMUserRepository: NMRepository {
    typealias Entity = NMUser
}
enum NMFeed {
    final class Config {}
}
enum NMSettings {
    final class Config {}
}

/// "Nothing is registered" says what is registered that nearly matches.
@Suite struct NearMissTests {
    private func reason(_ body: () throws(DIError) -> Void) -> String {
        do {
            try body()
            return "resolved"
        } catch {
            #expect(error.kind == .notRegistered)
            return error.reason
        }
    }

    @Test func aNameTypoNamesTheRegisteredName() {
        let container = DIContainer()
        container.register(NMUploader.init).as(NMUploader.self, name: "uploads")
        let text = reason { () throws(DIError) in let _: NMUploader = try container.tryResolve(name: "upload") }
        #expect(
            text.hasPrefix(
                "nothing is registered for it; registered with name \"uploads\" at DICoreTests/NearMissTests.swift:"
            )
        )
    }

    @Test func anotherTagOrAPlainRegistrationIsNamed() {
        let container = DIContainer()
        container.register(NMUploader.init).as(NMUploader.self, tag: NMMainTag.self)
        let text = reason { () throws(DIError) in let _: NMUploader = try container.tryResolve(tag: NMBackupTag.self) }
        #expect(text.contains("registered with tag NMMainTag at "))
        #expect(text.contains("registered without a name or tag at "))
    }

    /// The tag asked for is on one of the component's aliases, not on the type asked for.
    @Test func theTagGivenToAnotherTypeOfTheComponentIsNamed() {
        let container = DIContainer()
        let line = #line + 1
        container.register(NMURLSessionHTTPClient.init).as((any NMHTTPClient).self, tag: NMMainTag.self)
        let text = reason { () throws(DIError) in
            let _: NMURLSessionHTTPClient = try container.tryResolve(tag: NMMainTag.self)
        }
        #expect(
            text
                == "nothing is registered for it; registered without a name or tag at DICoreTests/NearMissTests.swift:\(line) (with tag NMMainTag only as NMHTTPClient)"
        )
    }

    @Test func aConformingTypeRegisteredWithoutAsIsSuggested() {
        let container = DIContainer()
        let line = #line + 1
        container.register(NMURLSessionHTTPClient.init)
        container.register(NMUnrelated.init)
        let text = reason { () throws(DIError) in let _: any NMHTTPClient = try container.tryResolve() }
        #expect(
            text
                == "nothing is registered for it; NMURLSessionHTTPClient at DICoreTests/NearMissTests.swift:\(line) is registered only as itself (add .as(NMHTTPClient.self) if it conforms)"
        )
    }

    /// The component that needs the type is not offered as one to alias, however its name
    /// reads.
    /// The runtime cannot tell whether a type conforms to a protocol with primary
    /// associated types: a type named like it is suggested "if it conforms", and the
    /// request reads as written.
    @Test func aProtocolWithPrimaryAssociatedTypesGetsATypeNamedLikeIt() {
        let container = DIContainer()
        let line = #line + 1
        container.register(NMUserRepository.init)
        var error: DIError?
        do {
            let _: any NMRepository<NMUser> = try container.tryResolve()
        } catch let caught {
            error = caught
        }
        #expect(error?.description.contains("cannot resolve any NMRepository<NMUser>:") == true)
        #expect(
            error?.reason
                == "nothing is registered for it; NMUserRepository at DICoreTests/NearMissTests.swift:\(line) is registered only as itself (add .as((any NMRepository<NMUser>).self) if it conforms)"
        )
    }

    @Test func anArrayOfARegisteredTypeSaysHowToGetThemAll() {
        let container = DIContainer()
        container.register(NMURLSessionHTTPClient.init).as(NMHTTPClient.self)
        container.register(NMURLSessionHTTPClient.init).as(NMHTTPClient.self)
        let text = reason { () throws(DIError) in let _: [any NMHTTPClient] = try container.tryResolve() }
        #expect(
            text
                == "nothing is registered for it; 2 components answer NMHTTPClient: ask for DIMany<NMHTTPClient>, call resolveMany(), or take many($0) in a factory to get them all"
        )
    }

    @Test func theRequesterIsNotSuggested() {
        let container = DIContainer()
        container.register(NMHTTPClientUser.init)
        let text = reason { () throws(DIError) in let _: NMHTTPClientUser = try container.tryResolve() }
        #expect(!text.contains("NMHTTPClientUser at "), "\(text)")
        #expect(text.hasPrefix("nothing is registered for it"))
    }

    @Test func aTypeConformingToTheRequestedProtocolIsSuggestedWhateverItsName() {
        let container = DIContainer()
        let line = #line + 1
        container.register(NMLive.init)
        container.register(NMUnrelated.init)
        let text = reason { () throws(DIError) in let _: any NMClient = try container.tryResolve() }
        #expect(
            text
                == "nothing is registered for it; NMLive at DICoreTests/NearMissTests.swift:\(line) conforms but is registered only as itself (add .as(NMClient.self))"
        )
    }

    @Test func aConformingTypeRegisteredAsAnotherProtocolIsSuggested() {
        let container = DIContainer()
        container.register(NMLive.init).as(NMOtherClient.self)
        let text = reason { () throws(DIError) in let _: any NMClient = try container.tryResolve() }
        #expect(text.contains("NMLive at DICoreTests/NearMissTests.swift:"))
        let hint = "conforms but is registered as NMLive, NMOtherClient, not as NMClient (add .as(NMClient.self))"
        #expect(text.hasSuffix(hint))
    }

    @Test func aCompositionIsCheckedAsAWhole() {
        let container = DIContainer()
        container.register(NMLive.init)
        container.register(NMSession.init)
        let text = reason { () throws(DIError) in let _: any NMSessionClient & Sendable = try container.tryResolve() }
        #expect(text.contains("NMSession at "))
        #expect(!text.contains("NMLive"))
    }

    /// The DITranquillity port was told `TestActor` might answer `TestMainActor` for its name.
    @Test func aTypeNamedLikeTheProtocolThatDoesNotConformIsNotSuggested() {
        let container = DIContainer()
        container.register(NMTestActor.init)
        let text = reason { () throws(DIError) in let _: any NMTestMainActor = try container.tryResolve() }
        #expect(text == "nothing is registered for it")
    }

    @Test func askingForAnyNamesNoType() {
        let container = DIContainer()
        container.register(NMLive.init)
        let text = reason { () throws(DIError) in let _: any Sendable = try container.tryResolve() }
        #expect(text == "nothing is registered for it")
    }

    @Test func graphValidationNamesTheConformingType() {
        let container = DIContainer()
        container.register(NMLive.init)
        container.register { (_: any NMClient) in NMUploader() }
        let found = container.makeGraph().validate()
        #expect(found.map(\.kind) == [.missingDependency])
        #expect(found.first?.message.contains("NMLive at DICoreTests/NearMissTests.swift:") == true)
        #expect(found.first?.message.hasSuffix("(add .as(NMClient.self))") == true)
    }

    @Test func aSubclassRegisteredOnlyAsItselfIsSuggested() {
        let container = DIContainer()
        container.register(NMDog.init)
        let text = reason { () throws(DIError) in let _: NMAnimal = try container.tryResolve() }
        #expect(text.contains("NMDog at DICoreTests/NearMissTests.swift:"))
        #expect(text.contains("is a subclass registered only as itself (add .as(NMAnimal.self))"))
    }

    /// Two nested types print alike (`Config`): the hint tells them apart.
    @Test func anotherTypeOfTheSameNameIsNamedWithItsEnclosingType() {
        let container = DIContainer()
        container.register(NMSettings.Config.init)
        let text = reason { () throws(DIError) in let _: NMFeed.Config = try container.tryResolve() }
        #expect(text.hasPrefix("nothing is registered for it; NMSettings.Config at DICoreTests/NearMissTests.swift:"))
        #expect(text.hasSuffix(" is another type named Config (NMFeed.Config is asked for)"))
    }

    @Test func nothingSimilarLeavesThePlainMessage() {
        let container = DIContainer()
        container.register(NMUnrelated.init)
        let text = reason { () throws(DIError) in let _: NMUploader = try container.tryResolve() }
        #expect(text == "nothing is registered for it")
    }

    @Test func anImportOfAFrameworkNeverAppendedIsNamed() {
        let container = DIContainer()
        container.load(OriginUnit(NMFeedFramework.self), isFramework: true) {
            container.recordImport(OriginUnit(NMNetworkFramework.self))
        }
        let text = reason { () throws(DIError) in
            _ = try container.resolve(NMUploader.self, from: OriginUnit(NMFeedFramework.self))
        }
        #expect(text.contains("NMFeedFramework imports NMNetworkFramework, which is never appended to this container"))
    }

    @Test func anOptionalRequestStaysNilWithoutWork() {
        let container = DIContainer()
        container.register(NMUploader.init).as(NMUploader.self, name: "uploads")
        let uploader: NMUploader? = container.resolve(name: "upload")
        #expect(uploader == nil)
    }
}
