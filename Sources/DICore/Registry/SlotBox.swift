/// An instance kept in a slot of a resolve's private graph (``StepFrame/State/slots``)
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

    /// Whether `object` is a box. An identity test of its class (final: no subclass to
    /// look for), cheaper than a dynamic cast.
    @inlinable @inline(__always)
    package static func isBox(_ object: AnyObject) -> Bool {
        ObjectIdentifier(type(of: object)) == ObjectIdentifier(SlotBox.self)
    }
}
