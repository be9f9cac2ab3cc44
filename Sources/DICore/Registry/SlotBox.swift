/// An instance kept in a slot of a resolve's private graph (``StepFrame/State/slotObjects``)
/// that is not a class instance a compiled step keeps as itself: a value, or an instance
/// the resolve's general way made (whose type it knows only at run time).
@usableFromInline
package final class SlotBox {
    /// The instance kept.
    @usableFromInline
    let value: Any

    /// A box keeping `value`.
    @inlinable
    package init(_ value: Any) {
        self.value = value
    }
}
