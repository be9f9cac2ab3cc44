import Tranquil

/// The profile screen's logic.
public final class ProfileRouter {
    /// The session whose user is shown.
    public let session: Session
    /// Creates the value from its dependencies.
    public init(session: Session) { self.session = session }
    /// What the screen would show.
    public func show() -> String { "profile of \(session.user)" }
}

/// The login screen, made only when shown.
public final class LoginRouter {
    /// The client the login talks to.
    public let client: any HTTPClient
    /// Creates the value from its dependencies.
    public init(client: any HTTPClient) { self.client = client }
    /// What the screen would show.
    public func show() -> String { "login at \(client.server)" }
}

final class ProfilePart: DIPart {
    static func load(container: DIContainer) {
        container.register(ProfileRouter.init)
        container.register(LoginRouter.init)
    }
}

/// The user's profile and login.
public final class ProfileFramework: DIFramework {
    /// Registers this framework's parts and imports.
    public static func load(container: DIContainer) {
        container.append(framework: StorageFramework.self)
        container.append(framework: NetworkFramework.self)
        container.append(part: ProfilePart.self)
    }
}
