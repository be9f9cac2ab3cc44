import DIRuntime

/// Process-wide change counters: what a container remembered under an older count is stale.
///
/// Remembering is per container (its answers to plain requests, the components its
/// factories' parameters settle on), and a container's answer can change because of a
/// change in an ancestor, so one process-wide count is compared rather than each chain's.
/// Registrations are rare next to resolves: a change anywhere retiring everything is cheap.
package enum Epochs {
    /// Bumped by every change that may change which component answers a request:
    /// registrations, modifiers, framework imports.
    package static let registry = AtomicCount()

    /// Bumped by every registry change and every clean: a remembered instance is stale too.
    ///
    /// A clean leaves ``registry`` as it was: the component a request chose is still the
    /// one it would choose (see `AnswerCache`).
    package static let answers = AtomicCount()

    /// Records a registry change: ``registry`` first, so that whoever sees the new count of
    /// ``answers`` and then reads ``registry`` sees its new count too.
    package static func registryChanged() {
        registry.add(1)
        answers.add(1)
    }

    /// Records that cells were cleared: bump after the clear, so that an answer found
    /// before it can no longer be remembered, and one found after it cannot see the
    /// dropped instance.
    package static func instancesDropped() {
        answers.add(1)
    }
}
