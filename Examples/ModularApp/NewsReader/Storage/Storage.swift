import Tranquil

/// Who is logged in. Dropped on logout.
public final class Session: Sendable {
    /// The logged-in user.
    public let user: String
    /// Creates the value from its dependencies.
    public init(user: String) { self.user = user }
}

/// Keeps articles between screens.
public protocol ArticleStore: AnyObject, Sendable {
    /// Saves articles.
    func save(_ articles: [String])
    /// The saved articles.
    var articles: [String] { get }
}

/// An in-memory store.
public final class MemoryStore: ArticleStore {
    private let storage = Storage()
    /// Creates the value from its dependencies.
    public init() {}
    /// Saves articles, replacing the previous ones.
    public func save(_ articles: [String]) { storage.set(articles) }
    /// The saved articles.
    public var articles: [String] { storage.get() }

    private final class Storage: @unchecked Sendable {
        // @unchecked Sendable: every access goes through `lock`.
        private let lock = NSLockLike()
        private var value: [String] = []
        func set(_ articles: [String]) { lock.run { value = articles } }
        func get() -> [String] { lock.run { value } }
    }
}

final class SessionPart: DIPart {
    static func load(container: DIContainer) {
        container.register { Session(user: "ann") }.lifetime(.perFramework(.single))
    }
}

final class CachePart: DIPart {
    static func load(container: DIContainer) {
        container.register(MemoryStore.init).as((any ArticleStore).self).lifetime(.perFramework(.single))
    }
}

/// Storage: the session and the article cache, both dropped on logout.
public final class StorageFramework: DIFramework {
    /// Registers this framework's parts and imports.
    public static func load(container: DIContainer) {
        container.append(part: SessionPart.self)
        container.append(part: CachePart.self)
    }
}
