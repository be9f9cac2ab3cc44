/// Who holds a making: the party that makes it (``MakerID``: re-entry and waits go by it)
/// and which of that party's resolves opened it.
///
/// One party may run several resolves at once, nested: an async resolve awaiting its
/// factory's code, and the resolves that code makes, which make instances as the same
/// party. A task the factory started may be awaited by the first, never by the others, so
/// an instance only the first holds is a cycle for the task to wait for, and one a later
/// resolve of the party holds is an ordinary wait (see `ResolveLink`).
package struct MakingHolder: Hashable, Sendable {
    /// The party that makes the instance.
    package let maker: MakerID
    /// The resolve of that party that opened the making: a number no other resolve had
    /// (``ResolveTask/nextToken()``). A task keeps the holders that may await it for as long
    /// as it runs, so an identity a later resolve could reuse (a pooled context's) would
    /// make that resolve one of them.
    package let resolve: UInt64

    package init(maker: MakerID, resolve: UInt64) {
        self.maker = maker
        self.resolve = resolve
    }
}
