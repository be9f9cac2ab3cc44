import DILazy

/// A loop of dependencies found by ``DIGraph/findCycles()``.
///
/// ```swift
/// for cycle in container.makeGraph().findCycles() where !cycle.isBreakable {
///     print(cycle)   // error: Parent → Child → Parent cannot be built …
/// }
/// ```
public struct DICycle: CustomStringConvertible {
    /// The component ids along one loop, in dependency order, starting at the lowest id;
    /// the last one depends on the first.
    public let vertices: [Int]
    /// The registered types along the loop, in the same order.
    public let types: [String]
    /// Every component of the strongly connected group the loop belongs to (it may hold
    /// further loops through the same components), sorted by id.
    public let members: [Int]
    /// Whether every loop of the group is broken by a `cycle:` injection, a `Lazy`/`Provider`,
    /// or a property injection of a cached or `objectGraph` component (so resolving works).
    public let isBreakable: Bool
    /// The members (ids) whose resolve fails because of the group's loops: all of them for
    /// an initializer-only or prototype-only loop; for a loop closed by a property injection
    /// without `cycle: true`, those from which the resolver reaches a member whose
    /// initializer is still running. Resolving any other member works. Empty when
    /// ``isBreakable``.
    public let failingMembers: [Int]

    /// `Parent → Child → Parent (broken)`.
    public var description: String {
        let loop = (types + types.prefix(1)).joined(separator: " → ")
        return "\(loop) (\(isBreakable ? "broken" : "cannot be built"))"
    }
}

extension DICycle: Sendable {}
