public import DICore

/// A module of an app: registrations made of parts, with its own resolution priority.
///
/// ```swift
/// final class FeedFramework: DIFramework {
///     static func load(container: DIContainer) {
///         container.import(NetworkFramework.self)
///         container.append(part: FeedPart.self)
///     }
/// }
/// container.append(framework: FeedFramework.self)
/// ```
///
/// When a component of a framework asks for a type several components provide, the
/// framework's own registrations win, then those of the frameworks it imports.
public protocol DIFramework {
    /// Registers the framework's parts and imports into `container`.
    static func load(container: DIContainer)
}
