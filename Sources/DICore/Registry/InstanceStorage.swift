import DIRuntime

/// Where a component's instances live between requests, as its lifetime decides (see
/// ``LifetimePolicy``).
package enum InstanceStorage: Sendable, Equatable {
    /// Nowhere: a new instance for every request (`prototype`).
    case none
    /// In the resolve's object graph (`objectGraph`).
    case graph
    /// In an ``InstanceCell``: the component's own (or an isolating child's copy of it), or
    /// one shared by the whole process.
    case cell(processWide: Bool)
}
