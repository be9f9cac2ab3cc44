import Tranquil

/// Talks to a news server.
public protocol HTTPClient: AnyObject, Sendable {
    /// The server this client talks to.
    var server: String { get }
    /// Fetches the body at `path`.
    func get(_ path: String) -> [String]
}

/// The real client (a canned response stands in for the network in this example).
public final class URLSessionClient: HTTPClient {
    /// The server this client talks to.
    public let server = "news.example"
    /// Creates the value from its dependencies.
    public init() {}
    /// Fetches the body at `path`.
    public func get(_ path: String) -> [String] {
        ["Swift 6.3 released", "Tranquil 1.0: DI without the wait", "Why init cycles are bugs"]
    }
}

/// Adds an auth token to requests.
///
/// The client outlives a logout (it is `perFramework` in NetworkFramework, which logout does
/// not clean), so it asks for the session on each request through a `Provider` instead of
/// keeping the one it was made with: after `clean(framework: StorageFramework.self)` it uses
/// the new session.
public final class AuthenticatedClient: HTTPClient {
    /// The client that does the work.
    public let base: URLSessionClient
    private let sessions: Provider<Session>
    /// The current session, whose token is added.
    public var session: Session { sessions.value }
    /// The server this client talks to.
    public var server: String { base.server }
    /// Creates the value from its dependencies.
    public init(base: URLSessionClient, session: Provider<Session>) {
        self.base = base
        self.sessions = session
    }
    /// Fetches the body at `path`.
    public func get(_ path: String) -> [String] { base.get(path) }
}

final class TransportPart: DIPart {
    static func load(container: DIContainer) {
        container.register(URLSessionClient.init)
            .as((any HTTPClient).self)
            .lifetime(.perApplication(.single))
    }
}

final class AuthPart: DIPart {
    static func load(container: DIContainer) {
        container.register(AuthenticatedClient.init)
            .as((any HTTPClient).self)
            .lifetime(.perFramework(.single))
            .default()
    }
}

/// Networking: a plain client for everyone, and an authenticated one it prefers itself.
public final class NetworkFramework: DIFramework {
    /// Registers this framework's parts and imports.
    public static func load(container: DIContainer) {
        container.import(StorageFramework.self)
        container.append(part: TransportPart.self)
        container.append(part: AuthPart.self)
    }
}
