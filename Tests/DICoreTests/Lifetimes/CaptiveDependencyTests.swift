import DICore
import Testing

private final class CDSessionCache {}
private final class CDFeedRepository {
    init(cache: CDSessionCache) {}
}
private final class CDFeedFramework {}
private final class CDPersistenceFramework {}
private final class CDFeedPart {}
private final class CDOtherPart {}

/// Any cached component holding something a different `clean` can drop is a warning with
/// both ends named, drawn orange.
@Suite struct CaptiveDependencyTests {
    /// The case: FeedFramework's repository keeps PersistenceFramework's cache.
    private func twoFrameworks() -> DIContainer {
        let container = DIContainer()
        container.load(OriginUnit(CDPersistenceFramework.self), isFramework: true) {
            container.register(CDSessionCache.init).lifetime(.perFramework(.single))
        }
        container.load(OriginUnit(CDFeedFramework.self), isFramework: true) {
            container.register(CDFeedRepository.init).lifetime(.perFramework(.single))
        }
        return container
    }

    @Test func anotherFrameworksPerFrameworkIsACaptiveWarningNamingBothEnds() throws {
        let found = twoFrameworks().makeGraph().validate()
        #expect(found.map(\.kind) == [.captiveDependency])
        let warning = try #require(found.first)
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("CDFeedRepository is perFramework(.single) in CDFeedFramework at "))
        #expect(warning.message.contains("CDSessionCache is perFramework(.single) in CDPersistenceFramework at "))
        #expect(
            warning.message.contains("after clean(framework: CDPersistenceFramework) it keeps a stale CDSessionCache")
        )
    }

    @Test func theEdgeIsOrangeInDOTAndMermaid() {
        let graph = twoFrameworks().makeGraph()
        let edge = graph.dot().split(separator: "\n").first { $0.contains("->") && $0.contains("n2") }
        #expect(edge?.contains("color=\"#e08214\"") == true)
        #expect(graph.mermaid().contains("stroke:#e08214"))
    }

    @Test func theSameFrameworksPerFrameworkIsNotCaptive() {
        let container = DIContainer()
        container.load(OriginUnit(CDFeedFramework.self), isFramework: true) {
            container.register(CDSessionCache.init).lifetime(.perFramework(.single))
            container.register(CDFeedRepository.init).lifetime(.perFramework(.weak))
        }
        #expect(container.makeGraph().validate().isEmpty)
    }

    @Test func anotherPartsPerPartIsCaptive() {
        let container = DIContainer()
        container.load(OriginUnit(CDFeedFramework.self), isFramework: true) {
            container.load(OriginUnit(CDOtherPart.self), isFramework: false) {
                container.register(CDSessionCache.init).lifetime(.perPart(.single))
            }
            container.load(OriginUnit(CDFeedPart.self), isFramework: false) {
                container.register(CDFeedRepository.init).lifetime(.perPart(.single))
            }
        }
        let found = container.makeGraph().validate()
        #expect(found.map(\.kind) == [.captiveDependency])
        #expect(found.first?.message.contains("after clean(part: CDOtherPart)") == true)
    }

    @Test func aCustomScopeHoldingAPerContainerIsCaptive() {
        let container = DIContainer()
        container.register(CDSessionCache.init).lifetime(.perContainer(.single))
        container.register(CDFeedRepository.init).lifetime(.custom(name: "session"))
        let found = container.makeGraph().validate()
        #expect(found.map(\.kind) == [.captiveDependency])
        #expect(found.first?.message.contains("after container.clean() it keeps a stale CDSessionCache") == true)
    }

    @Test func aPerContainerHoldingACustomScopeIsCaptive() {
        let container = DIContainer()
        container.register(CDSessionCache.init).lifetime(.custom(name: "session"))
        container.register(CDFeedRepository.init).lifetime(.perContainer(.single))
        let found = container.makeGraph().validate()
        #expect(found.first?.message.contains("after clean(custom: \"session\")") == true)
    }

    @Test func aStrongHolderOfAWeakComponentIsCaptive() {
        let container = DIContainer()
        container.register(CDSessionCache.init).lifetime(.perApplication(.weak))
        container.register(CDFeedRepository.init).lifetime(.perContainer(.single))
        let found = container.makeGraph().validate()
        #expect(found.map(\.kind) == [.captiveDependency])
        #expect(found.first?.message.contains("it keeps CDSessionCache alive, so .weak never lets it go") == true)
    }

    @Test func aWeakHolderOfAWeakComponentIsNotCaptive() {
        let container = DIContainer()
        container.register(CDSessionCache.init).lifetime(.perContainer(.weak))
        container.register(CDFeedRepository.init).lifetime(.perContainer(.weak))
        #expect(container.makeGraph().validate().isEmpty)
    }

    /// A child's `perContainer` holding its parent's: the parent's `clean()` drops what the
    /// child's instance holds, and leaves that instance, as the resolves show.
    @Test func aChildsPerContainerHoldingItsParentsIsCaptive() throws {
        let app = DIContainer()
        app.register(CDSessionCache.init).lifetime(.perContainer(.single))
        let feature = DIContainer(parent: app)
        feature.register(CDFeedRepository.init).lifetime(.perContainer(.single))
        let found = feature.makeGraph().validate()
        #expect(found.map(\.kind) == [.captiveDependency])
        let message = try #require(found.first?.message)
        #expect(
            message.contains(
                "after container.clean() on the container above the one that keeps CDFeedRepository, it keeps a stale CDSessionCache"
            )
        )
        // The parent's own graph has no such pair.
        #expect(app.makeGraph().validate().isEmpty)
    }

    /// An isolating child keeps its own copy of its parent's instance, which its `clean()`
    /// drops with its own: no captive pair. A plain child of it holds a copy the isolating
    /// container keeps: captive again.
    @Test func anIsolatingChildKeepsItsOwnCopiesAndIsNotCaptive() throws {
        let app = DIContainer()
        app.register(CDSessionCache.init).lifetime(.perContainer(.single))
        let tests = DIContainer(isolatedFrom: app)
        tests.register(CDFeedRepository.init).lifetime(.perContainer(.single))
        #expect(tests.makeGraph().validate().isEmpty)

        let isolated = DIContainer(isolatedFrom: app)
        let feature = DIContainer(parent: isolated)
        feature.register(CDFeedRepository.init).lifetime(.perContainer(.single))
        #expect(feature.makeGraph().validate().map(\.kind) == [.captiveDependency])
    }
}
