/// A stack of objects that does not retain them: the chain of components a resolve is
/// making, pushed and popped around every instance it builds.
///
/// An array of references retains each object pushed and releases it when popped, two
/// atomic operations per instance made, for objects that are alive anyway: whoever pushes
/// one holds it for as long as it is on the stack. An array also checks its buffer's
/// uniqueness on every push and pop; this stack's storage has one owner.
///
/// Invariants:
/// - Whoever pushes an object keeps it alive until the matching ``removeLast()`` (or
///   ``removeAll()``), which the same scope calls: a build pushes the component it was
///   handed, and pops it before it returns.
/// - Owned by one party at a time, like the state it lives in (see ``ExclusiveState``), and
///   by one owner, which calls ``deallocate()`` once, when it goes. A copy shares the
///   storage: none is made.
///
/// Reads and pops check their position in every build. With `TRANQUIL_INTERNAL_CHECKS` each
/// entry also keeps a weak reference, and reading an entry whose object is gone stops the
/// process.
@usableFromInline
package struct UnretainedStack<Element: AnyObject> {
    /// Room for ``storedCapacity`` entries, the first ``storedCount`` in use; `nil` until
    /// the first push.
    @usableFromInline var entries: UnsafeMutablePointer<Unmanaged<Element>>?
    @usableFromInline var storedCapacity = 0
    @usableFromInline var storedCount = 0
    #if TRANQUIL_INTERNAL_CHECKS
    @usableFromInline var watched: [Watched] = []

    @usableFromInline
    struct Watched {
        @usableFromInline weak var object: Element?

        @usableFromInline
        init(_ object: Element) {
            self.object = object
        }
    }
    #endif

    /// An empty stack.
    @inlinable
    package init() {}

    /// How many objects are on the stack.
    @inlinable
    package var count: Int { storedCount }

    /// Whether the stack holds no object.
    @inlinable
    package var isEmpty: Bool { storedCount == 0 }

    /// Pushes `object`, which the caller keeps alive until it pops it.
    @inlinable
    package mutating func append(_ object: Element) {
        if storedCount == storedCapacity { grow() }
        entries.unsafelyUnwrapped[storedCount] = Unmanaged.passUnretained(object)
        storedCount += 1
        #if TRANQUIL_INTERNAL_CHECKS
        watched.append(Watched(object))
        #endif
    }

    /// Pops the object on top, which its pusher may let go of from now on.
    @inlinable
    package mutating func removeLast() {
        precondition(storedCount > 0, "a pop from an empty stack")
        storedCount -= 1
        #if TRANQUIL_INTERNAL_CHECKS
        watched.removeLast()
        #endif
    }

    /// Pops every object (a resolve that failed, unwinding), keeping the storage.
    @inlinable
    package mutating func removeAll() {
        storedCount = 0
        #if TRANQUIL_INTERNAL_CHECKS
        watched.removeAll(keepingCapacity: true)
        #endif
    }

    /// Doubles the room for entries, moving those in use.
    @usableFromInline
    mutating func grow() {
        let capacity = max(16, storedCapacity * 2)
        let grown = UnsafeMutablePointer<Unmanaged<Element>>.allocate(capacity: capacity)
        if let entries {
            grown.moveInitialize(from: entries, count: storedCount)
            entries.deallocate()
        }
        entries = grown
        storedCapacity = capacity
    }

    /// Frees the storage; the owner's last call.
    package mutating func deallocate() {
        entries?.deallocate()
        entries = nil
        storedCapacity = 0
        storedCount = 0
        #if TRANQUIL_INTERNAL_CHECKS
        watched = []
        #endif
    }

    /// The object at `index` (from the bottom).
    @inlinable
    package subscript(index: Int) -> Element {
        precondition(index >= 0 && index < storedCount, "a position outside the stack")
        #if TRANQUIL_INTERNAL_CHECKS
        precondition(
            watched[index].object != nil,
            "Tranquil internal check: an object on an unretained stack was freed before it was popped"
        )
        #endif
        return entries.unsafelyUnwrapped[index].takeUnretainedValue()
    }

    /// The object on top, if any.
    @inlinable
    package var last: Element? {
        isEmpty ? nil : self[count - 1]
    }

    /// The position of the lowest object that satisfies `predicate`.
    @inlinable
    package func firstIndex(where predicate: (Element) throws -> Bool) rethrows -> Int? {
        for index in 0..<count where try predicate(self[index]) {
            return index
        }
        return nil
    }

    /// Whether any object satisfies `predicate`.
    @inlinable
    package func contains(where predicate: (Element) throws -> Bool) rethrows -> Bool {
        try firstIndex(where: predicate) != nil
    }

    /// The objects from `start` to the top, bottom first, retained.
    @inlinable
    package func elements(from start: Int = 0) -> [Element] {
        var all: [Element] = []
        all.reserveCapacity(count - start)
        for index in start..<count {
            all.append(self[index])
        }
        return all
    }
}
