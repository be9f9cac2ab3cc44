public import DICore

/// A group of registrations, loaded once per container.
///
/// ```swift
/// final class FeedPart: DIPart {
///     static func load(container: DIContainer) {
///         container.register(FeedService.init).lifetime(.perPart(.single))
///     }
/// }
/// container.append(part: FeedPart.self)
/// ```
///
/// Every registration made while the part loads records the part (and the framework it is
/// loaded in) as its origin: `perPart` storage and `clean(part:)` follow it.
public protocol DIPart {
    /// Registers the part's components into `container`.
    static func load(container: DIContainer)
}
