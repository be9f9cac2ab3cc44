/// Objects kept at numbered slots for the length of one resolve and let go of together
/// when it ends: the instances of a resolve's private graph, by the slot its plan numbered.
///
/// An array writes through a uniqueness check of its buffer on every change, and keeping
/// the slots apart from the objects (so that a reset touches only what was kept) takes two
/// of them. Here a slot holds its object, and the slots that were filled are listed in the
/// order they were, so ``removeAll()`` visits only those.
///
/// Invariants:
/// - Owned by one party at a time, like the state it lives in (see ``ExclusiveState``), and
///   by one owner, which calls ``deallocate()`` once, when it goes. A copy shares the
///   storage: none is made.
/// - Every slot below ``capacity`` holds an object or `nil`; a slot is listed as filled
///   exactly when it holds an object.
///
/// Reads and writes check their slot against ``capacity`` in every build; with
/// `TRANQUIL_INTERNAL_CHECKS`, ``removeAll()`` also checks that no slot outside the list
/// holds an object.
@usableFromInline
package struct ObjectSlots {
    /// `capacity` slots, each an object or `nil`; `nil` until the first ``reserve(_:)``.
    @usableFromInline var objects: UnsafeMutablePointer<AnyObject?>?
    /// The slots filled, in the order they were; room for `capacity`.
    @usableFromInline var filled: UnsafeMutablePointer<Int>?
    @usableFromInline var storedCapacity = 0
    @usableFromInline var filledCount = 0

    /// No slots.
    @inlinable
    package init() {}

    /// How many slots there are.
    @inlinable
    package var capacity: Int { storedCapacity }

    /// Whether no slot holds an object.
    @inlinable
    package var isEmpty: Bool { filledCount == 0 }

    /// Makes sure there are at least `count` slots, keeping what the existing ones hold.
    package mutating func reserve(_ count: Int) {
        guard count > storedCapacity else { return }
        let newObjects = UnsafeMutablePointer<AnyObject?>.allocate(capacity: count)
        let newFilled = UnsafeMutablePointer<Int>.allocate(capacity: count)
        if let objects, let filled {
            newObjects.moveInitialize(from: objects, count: storedCapacity)
            newFilled.moveInitialize(from: filled, count: filledCount)
            objects.deallocate()
            filled.deallocate()
        }
        (newObjects + storedCapacity).initialize(repeating: nil, count: count - storedCapacity)
        objects = newObjects
        filled = newFilled
        storedCapacity = count
    }

    /// The object at `slot`, if one was kept there.
    @inlinable @inline(__always)
    package func object(at slot: Int) -> AnyObject? {
        precondition(slot >= 0 && slot < storedCapacity, "a slot outside the resolve's private graph")
        return objects.unsafelyUnwrapped[slot]
    }

    /// Keeps `object` at `slot` (letting go of what the slot held, if anything).
    @inlinable @inline(__always)
    package mutating func keep(_ object: consuming AnyObject, at slot: Int) {
        precondition(slot >= 0 && slot < storedCapacity, "a slot outside the resolve's private graph")
        let place = objects.unsafelyUnwrapped + slot
        guard place.pointee == nil else {
            place.pointee = object
            return
        }
        filled.unsafelyUnwrapped[filledCount] = slot
        filledCount += 1
        // An empty slot holds `nil`, which owns nothing: initialized over, not assigned
        // (an assignment would release the `nil` it replaces).
        place.initialize(to: object)
    }

    /// Lets go of the object at `slot`, if one is kept there: the slot is empty again, and
    /// no longer listed as filled. Linear in the slots filled; for the undoing of a failed
    /// making, not for a resolve's way.
    package mutating func remove(at slot: Int) {
        precondition(slot >= 0 && slot < storedCapacity, "a slot outside the resolve's private graph")
        guard let objects, let filled, objects[slot] != nil else { return }
        objects[slot] = nil
        for index in 0..<filledCount where filled[index] == slot {
            filledCount -= 1
            filled[index] = filled[filledCount]
            break
        }
        #if TRANQUIL_INTERNAL_CHECKS
        for index in 0..<filledCount {
            precondition(filled[index] != slot, "Tranquil internal check: an emptied slot still listed as filled")
        }
        #endif
    }

    /// Lets go of every object kept, leaving the slots empty (and their storage in place).
    @inlinable
    package mutating func removeAll() {
        guard let objects, let filled else { return }
        for index in 0..<filledCount {
            objects[filled[index]] = nil
        }
        filledCount = 0
        #if TRANQUIL_INTERNAL_CHECKS
        for slot in 0..<storedCapacity {
            precondition(objects[slot] == nil, "Tranquil internal check: an object slot kept outside its list")
        }
        #endif
    }

    /// Frees the storage, letting go of every object kept; the owner's last call.
    package mutating func deallocate() {
        removeAll()
        guard let objects, let filled else { return }
        objects.deinitialize(count: storedCapacity)
        objects.deallocate()
        filled.deallocate()
        self.objects = nil
        self.filled = nil
        storedCapacity = 0
    }
}
