import DIRuntime

/// Receives the container's events.
///
/// Observers are called on the thread that did the work, never while the container holds
/// a lock, so an observer may resolve from the container.
///
/// ```swift
/// final class Counter: DIObserver {
///     let made = Locked(0)
///     func receive(_ event: DIEvent) { if event.kind == .made { … } }
/// }
/// container.addObserver(counter)
/// ```
public protocol DIObserver: AnyObject, Sendable {
    /// Called for every event of the containers the observer is attached to.
    func receive(_ event: DIEvent)
}
