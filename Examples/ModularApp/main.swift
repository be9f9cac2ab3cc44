import Tranquil

// A first taste of Tranquil; a later change grows this into a modular news reader.
final class HTTPClient {
    let baseURL = "https://news.example"
}

final class FeedService {
    let client: HTTPClient
    init(client: HTTPClient) { self.client = client }
}

final class FeedScreen {
    let service: FeedService
    init(service: FeedService) { self.service = service }
}

let container = DIContainer()
container.register(HTTPClient.init).lifetime(.perContainer(.single))
container.register(FeedService.init)
container.register(FeedScreen.init)

let screen: FeedScreen = container.resolve()
let again: FeedScreen = container.resolve()
print("FeedScreen → FeedService → HTTPClient(\(screen.service.client.baseURL))")
print("HTTPClient shared between screens: \(screen.service.client === again.service.client)")
