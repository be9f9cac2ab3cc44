import DICore
import DILazy
import Testing

// DITranquillity 6 spellings that compile and behave as there (issue 19, "Spellings").

private protocol Named: AnyObject {
    var name: String { get }
}

private final class Tom: Named {
    let name = "tom"
}

private enum Cartoon {}

private final class Injected {
    var lazy = Lazy<Tom>()
    var provider = Provider<Tom>()
    var named = Provider1<Tom, String>()
}

@Suite struct SpellingTests {
    @Test func asCheckTakesANameOrATag() {
        let container = DIContainer()
        container.register(Tom.init)
            .as(check: (any Named).self, name: "cat") { $0 }
            .as(check: (any Named).self, tag: Cartoon.self) { $0 }
        let named: any Named = container.resolve(name: "cat")
        let tagged: any Named = container.resolve(tag: Cartoon.self)
        #expect(named.name == "tom" && tagged.name == "tom")
    }

    @Test func placeholdersAreReplacedByInjections() {
        let container = DIContainer()
        container.register { Tom() }
        container.register { Injected() }.injection(\.lazy).injection(\.provider)
        let injected: Injected = container.resolve()
        #expect(injected.lazy.value.name == "tom")
        #expect(injected.provider.value.name == "tom")
    }

    #if os(macOS) || os(Linux)  // exit tests: not on iOS, tvOS, watchOS or visionOS
    @Test func aPlaceholderReadBeforeInjectionTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = Lazy<Tom>().value
        }
    }
    #endif

    @Test func perRunAndReferenceCountingAreSpellingsOfTheRealCases() {
        let lifetime = DILifeTime.perRun(.strong)
        #expect(lifetime == .perApplication(.single))
        let kind: DILifeTime.ReferenceCounting = .strong
        #expect(kind == .single)
        switch lifetime {
        case .perRun(.weak): Issue.record("matched the weak spelling")
        case .perRun(.strong): break
        default: Issue.record("perRun(.strong) did not match")
        }
        #expect("\(lifetime)" == "perApplication(.single)")
    }

    @Test func componentInfoHasTheTypeAndAnIntLine() throws {
        let container = DIContainer()
        let line = #line + 1
        container.register(Tom.init)
        let info = try #require(container.makeGraph().vertices.first?.info)
        #expect(ObjectIdentifier(info.type) == ObjectIdentifier(Tom.self))
        let intLine: Int = info.line
        #expect(intLine == line)
    }

    @Test func manyInFrameworkIsManyOutsideFrameworks() {
        final class Zoo {
            let animals: [any Named]
            init(animals: [any Named]) { self.animals = animals }
        }
        let container = DIContainer()
        container.register(Tom.init).as((any Named).self)
        container.register { Zoo(animals: manyInFramework($0)) }
        #expect((container.resolve() as Zoo).animals.count == 1)
    }

    #if os(macOS) || os(Linux)  // exit tests: not on iOS, tvOS, watchOS or visionOS
    @Test func theDefaultLifetimeSettingAppliesToLaterRegistrations() async {
        // In a process of its own: the setting is global.
        await #expect(processExitsWith: .success) {
            DILifeTime.registrationDefault = .perContainer(.single)
            let container = DIContainer()
            container.register(Tom.init)
            precondition((container.resolve() as Tom) === (container.resolve() as Tom))
            precondition(DILifeTime.default == .perContainer(.single))
        }
    }
    #endif
}
