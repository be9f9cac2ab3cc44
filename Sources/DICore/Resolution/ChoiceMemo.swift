@_spi(Tranquil) import DILazy
import Synchronization

/// What each plain parameter of one component resolved to last time, so the next build can
/// skip the registry lookup.
///
/// An answer is reused only for the same resolving container and while nothing that could
/// change it happened: every registration, modifier or import in any container — and every
/// container's deinit — bumps ``ResolvedCache/registryEpoch``, which retires every
/// remembered answer at once.
///
/// Read on every parameter of every build, written about once per parameter: the first four
/// parameters' answers are read without a lock (a sequence lock over atomic words: a read
/// that overlaps a write sees the version move and falls back to choosing).
///
/// Inline in its ``Component`` is just a pointer to the answers, made on the first choice
/// remembered: most components of a large app are never built while it runs, or never
/// built with a plain parameter, and 128 bytes of answers each would make every component a
/// quarter larger to register and to tear down.
struct ChoiceMemo: ~Copyable, Sendable {
    /// One remembered answer, read and written without a lock.
    ///
    /// The component is not retained: components choose each other (A's parameter is B, B's
    /// is A when they form a cycle), so a strong memo would be a reference cycle that
    /// outlives the container; a weak one would move every component's reference counting to
    /// a slow side table. An unretained reference is sound here: an answer is used only for
    /// the container it was made in while the epoch is unchanged, so that container is the
    /// live one running the resolve (a container's deinit retires every answer, so its
    /// address cannot be reused unnoticed), and a container keeps every component (and every
    /// replaced version of one) it or its parents ever chose from until it goes.
    private struct Answer: ~Copyable, Sendable {
        /// Even when settled, odd while a write is under way.
        let version = Atomic<UInt>(0)
        let epoch = Atomic<Int>(-1)
        let container = Atomic<UInt>(0)
        let component = Atomic<UInt>(0)

        /// The component remembered for `container` in `epoch`, if that is what is stored.
        @inline(__always)
        borrowing func read(container: ObjectIdentifier, epoch: Int) -> Unmanaged<Component>? {
            let before = version.load(ordering: .acquiring)
            let storedEpoch = self.epoch.load(ordering: .relaxed)
            let storedContainer = self.container.load(ordering: .relaxed)
            let storedComponent = self.component.load(ordering: .relaxed)
            // The loads above happen before the version is read again.
            atomicMemoryFence(ordering: .acquiring)
            guard before & 1 == 0, version.load(ordering: .relaxed) == before, storedEpoch == epoch,
                storedContainer == UInt(bitPattern: container),
                let address = UnsafeRawPointer(bitPattern: storedComponent)
            else { return nil }
            return Unmanaged<Component>.fromOpaque(address)
        }

        /// Stores an answer, unless another thread is storing one right now (then its
        /// answer stands: this is only a memo).
        borrowing func write(_ component: Component, container: ObjectIdentifier, epoch: Int) {
            let before = version.load(ordering: .relaxed)
            guard before & 1 == 0,
                version.compareExchange(expected: before, desired: before &+ 1, ordering: .relaxed).exchanged
            else { return }
            // The odd version is visible before any of the stores below.
            atomicMemoryFence(ordering: .releasing)
            self.epoch.store(epoch, ordering: .relaxed)
            self.container.store(UInt(bitPattern: container), ordering: .relaxed)
            self.component.store(UInt(bitPattern: Unmanaged.passUnretained(component).toOpaque()), ordering: .relaxed)
            version.store(before &+ 2, ordering: .releasing)
        }
    }

    /// The answers of one component's parameters.
    private final class Answers: Sendable {
        let first = Answer()
        let second = Answer()
        let third = Answer()
        let fourth = Answer()
        /// Answers of parameters from the fifth on (`nil` when there are no more than four).
        let more: Locked<[Entry?]>?

        init(parameterCount: Int) {
            more = parameterCount > 4 ? Locked(Array(repeating: nil, count: parameterCount - 4)) : nil
        }
    }

    /// An answer of a parameter from the fifth on (see ``Answer`` for the unretained reference).
    private struct Entry {
        let epoch: Int
        let container: ObjectIdentifier
        unowned(unsafe) let component: Component
    }

    /// The address of the ``Answers`` (retained by this memo), 0 until a choice is remembered.
    private let answers = Atomic<UInt>(0)
    private let parameterCount: Int

    init(parameterCount: Int) {
        self.parameterCount = parameterCount
    }

    deinit {
        let bits = answers.load(ordering: .acquiring)
        if let address = UnsafeRawPointer(bitPattern: bits) {
            Unmanaged<Answers>.fromOpaque(address).release()
        }
    }

    /// The answers, if a choice was ever remembered (not retained: this memo keeps them).
    @inline(__always)
    private borrowing func existingAnswers() -> Unmanaged<Answers>? {
        // Acquiring: whoever sees the address sees the answers' initialized words.
        guard let address = UnsafeRawPointer(bitPattern: answers.load(ordering: .acquiring)) else { return nil }
        return Unmanaged<Answers>.fromOpaque(address)
    }

    /// The answers, made now if there are none yet (whichever thread publishes first wins).
    private borrowing func madeAnswers() -> Unmanaged<Answers> {
        if let existing = existingAnswers() { return existing }
        let made = Unmanaged.passRetained(Answers(parameterCount: parameterCount))
        let (exchanged, original) = answers.compareExchange(
            expected: 0,
            desired: UInt(bitPattern: made.toOpaque()),
            ordering: .acquiringAndReleasing
        )
        if exchanged { return made }
        made.release()
        // swift-format-ignore: NeverForceUnwrap
        return Unmanaged<Answers>.fromOpaque(UnsafeRawPointer(bitPattern: original)!)
    }

    /// The component parameter `position` resolved to in container `id`, if still current.
    ///
    /// Not retained: the resolving container keeps it alive (see ``Answer``), so a caller that
    /// only looks at it retains nothing.
    @inline(__always)
    borrowing func choice(at position: Int, in id: ObjectIdentifier, epoch: Int) -> Unmanaged<Component>? {
        guard let answers = existingAnswers() else { return nil }
        return answers._withUnsafeGuaranteedRef { answers in
            switch position {
            case 0: return answers.first.read(container: id, epoch: epoch)
            case 1: return answers.second.read(container: id, epoch: epoch)
            case 2: return answers.third.read(container: id, epoch: epoch)
            case 3: return answers.fourth.read(container: id, epoch: epoch)
            default:
                return answers.more?.withLock { entries -> Unmanaged<Component>? in
                    guard let entry = entries[position - 4], entry.epoch == epoch, entry.container == id else {
                        return nil
                    }
                    return Unmanaged.passUnretained(entry.component)
                }
            }
        }
    }

    /// Remembers what parameter `position` resolved to in container `id` (found while the
    /// epoch was `epoch`).
    borrowing func remember(_ component: Component, at position: Int, in id: ObjectIdentifier, epoch: Int) {
        madeAnswers()._withUnsafeGuaranteedRef { answers in
            switch position {
            case 0: answers.first.write(component, container: id, epoch: epoch)
            case 1: answers.second.write(component, container: id, epoch: epoch)
            case 2: answers.third.write(component, container: id, epoch: epoch)
            case 3: answers.fourth.write(component, container: id, epoch: epoch)
            default:
                let entry = Entry(epoch: epoch, container: id, component: component)
                answers.more?.withLock { $0[position - 4] = entry }
            }
        }
    }
}
