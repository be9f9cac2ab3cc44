import DICore
import DIParts
import Testing

// The README's "Parts and frameworks" example, checked.

private protocol HTTPClient: AnyObject {}
private final class URLSessionClient: HTTPClient {}
private final class StubClient: HTTPClient {}
private final class FeedService {
    let client: any HTTPClient
    init(client: any HTTPClient) { self.client = client }
}
private final class ChatService {
    let client: any HTTPClient
    init(client: any HTTPClient) { self.client = client }
}

private final class NetworkFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register(URLSessionClient.init).as(HTTPClient.self).lifetime(.perFramework(.single))
    }
}

private final class FeedPart: DIPart {
    static func load(container: DIContainer) {
        container.register(FeedService.init).lifetime(.perPart(.single))
    }
}

private final class FeedFramework: DIFramework {
    static func load(container: DIContainer) {
        container.append(framework: NetworkFramework.self)
        container.append(part: FeedPart.self)
    }
}

private final class ChatFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register(StubClient.init).as(HTTPClient.self)
        container.register(ChatService.init)
    }
}

@Suite struct ReadmeExampleTests {
    @Test func twoFrameworksExampleBehavesAsDocumented() {
        let container = DIContainer()
        container.append(framework: FeedFramework.self)
        container.append(framework: ChatFramework.self)

        let feed: FeedService = container.resolve()
        let chat: ChatService = container.resolve()
        let client: any HTTPClient = container.resolve(from: ChatFramework.self)
        #expect(feed.client is URLSessionClient)
        #expect(chat.client is StubClient)
        #expect(client is StubClient)
        let any: Result<any HTTPClient, DIError> = Result { () throws(DIError) in try container.tryResolve() }
        if case .failure(let error) = any { #expect(error.kind == .ambiguous) } else { Issue.record("ambiguous") }

        let network = feed.client
        container.clean(part: FeedPart.self)
        let newFeed: FeedService = container.resolve()
        #expect(newFeed !== feed)
        #expect(newFeed.client === network)
        container.clean(framework: NetworkFramework.self)
        #expect((container.resolve() as FeedService).client === network)  // FeedService kept
        container.clean(part: FeedPart.self)
        #expect((container.resolve() as FeedService).client !== network)
    }
}
