/// The runtime arguments of one call to a `Provider1` … `Provider5`, `Lazy1` … `Lazy5` or
/// `AsyncProvider1` … `AsyncProvider5`, in order: what a container receives, whatever the arity.
@usableFromInline
package struct ArgumentPack {
    /// One argument, and its type as it was passed: its dynamic type, or for an existential
    /// (`any P`) the existential, as `type(of:)` tells in a generic context. A struct, not a
    /// tuple: code not specialized for the arguments' types fetches a tuple's metadata from
    /// the runtime's cache on every call.
    @usableFromInline
    package struct Entry {
        @usableFromInline
        package let value: Any
        @usableFromInline
        package let type: Any.Type

        @inlinable
        package init(_ value: Any, _ type: Any.Type) {
            self.value = value
            self.type = type
        }

        /// `value`, with its type as it was passed.
        @inlinable
        package init<A>(passing value: A) {
            self.init(value, Swift.type(of: value))
        }
    }

    /// The arguments, in order: one array, one allocation.
    @usableFromInline
    package let entries: [Entry]

    /// Packs `value`, in order.
    package init<each A>(_ value: repeat each A) {
        // Sized first: grown one append at a time, the array was allocated twice.
        var count = 0
        for _ in repeat (each A).self { count += 1 }
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for element in repeat each value {
            entries.append(Entry(passing: element))
        }
        self.entries = entries
    }
}
