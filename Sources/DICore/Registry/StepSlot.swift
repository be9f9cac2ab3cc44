/// What ``StepFrame/beginStep(_:slot:in:)`` answers, besides the index of an instance the
/// resolve already made.
@usableFromInline
package enum StepSlot {
    /// The step builds its instance.
    @inlinable package static var build: Int { -1 }
    /// The graph is shared (a `Lazy` captured it): the resolve answers.
    @inlinable package static var shared: Int { -2 }
}
