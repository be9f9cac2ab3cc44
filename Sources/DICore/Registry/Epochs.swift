import DIRuntime

/// Process-wide change counters: what a container remembered under an older count is stale.
///
/// Remembering is per container (its answers to plain requests, the components its
/// factories' parameters settle on), and a container's answer can change because of a
/// change in an ancestor, so one process-wide count is compared rather than each chain's.
/// Registrations are rare next to resolves: a change anywhere retiring everything is cheap.
///
/// Both counts are halves of one word, changed and read at once: a resolve that reads
/// ``answers`` before it chooses knows the registry count its choices were made under
/// (``registry(of:)``). Two counters, read one after the other, let an answer chosen before
/// a registration be stamped with the count after it, and be taken for current until the
/// next change.
package enum Epochs {
    /// Changed by every registry change and every clean: a remembered instance is stale
    /// after either. Its upper half counts the registry changes (``registry(of:)``).
    package static let answers = AtomicCount()

    /// What one registry change adds to ``answers``: the lower half counts cleans. (Cleans
    /// that overflow into the upper half only make choices look stale, which costs a
    /// choice, not a wrong answer.)
    private static let registryUnit = 1 << (Int.bitWidth / 2)

    /// The count of changes that may change which component answers a request
    /// (registrations, modifiers, framework imports) when ``answers`` was `answers`.
    ///
    /// A clean leaves it as it was: the component a request chose is still the one it
    /// would choose (see `AnswerCache`).
    @inline(__always)
    package static func registry(of answers: Int) -> Int {
        answers >> (Int.bitWidth / 2)
    }

    /// The count of registry changes now (see ``registry(of:)``).
    package static var registryNow: Int {
        registry(of: answers.value)
    }

    /// Records a registry change.
    package static func registryChanged() {
        answers.add(registryUnit)
    }

    /// What a clean stamps the cells it empties with (``InstanceCell/clear(stamp:)``): the
    /// count of registry changes before it. A making claimed from such a cell by a resolve
    /// whose choices were settled under a lower count (``ResolvePlan/registryCount``) may
    /// embody choices a registration since changed — the app overrode something, then
    /// cleaned so that the override is used — and is kept by no cell.
    package static var cleanStamp: Int {
        registryNow
    }

    /// Records that cells were cleared: bump after the clear, so that an answer found
    /// before it can no longer be remembered, and one found after it cannot see the
    /// dropped instance.
    package static func instancesDropped() {
        answers.add(1)
    }
}
