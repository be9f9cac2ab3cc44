import DIRuntime
import Testing

/// The unsafe layer's invariants are checks in builds with `TRANQUIL_INTERNAL_CHECKS` (CI runs
/// the suite in release with them): breaking one stops the process instead of corrupting it.
@Suite struct InternalChecksTests {
    #if TRANQUIL_INTERNAL_CHECKS
    #if os(macOS) || os(Linux)  // exit tests: not on iOS, tvOS, watchOS or visionOS
    @Test func takingALockTwiceOnOneThreadStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let count = Locked(0)
            count.withLock { _ in count.withLock { $0 += 1 } }
        }
    }

    @Test func overlappingAccessesToExclusiveStateStopTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let state = ExclusiveState([1, 2, 3])
            // An in-place change that reads the same state while it lasts.
            func appendCount(to array: inout [Int]) { array.append(state.value.count) }
            appendCount(to: &state.value)
        }
    }

    @Test func readingAnObjectAsAClassItIsNotStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let object: AnyObject = Marker(1)
            _ = classInstance(object, as: Other.self)
        }
    }

    @Test func takingAnObjectAsAClassItIsNotStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            _ = classInstance(taking: Marker(1), as: Other.self)
        }
    }

    @Test func keepingAValueAsAnObjectStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            _ = classObject(7)
        }
    }

    @Test func readingAnUnretainedStackEntryWhoseObjectIsGoneStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            // Pushed by a scope that lets it go before popping it: the invariant broken on
            // purpose.
            @inline(never) func pushUnkept(_ stack: inout UnretainedStack<Marker>) {
                let marker = Marker(1)
                stack.append(marker)
            }
            var stack = UnretainedStack<Marker>()
            pushUnkept(&stack)
            _ = stack.last
        }
    }

    @Test func readingAnUnretainedReferenceWhoseObjectIsGoneStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            // Set by a scope that lets the object go: the invariant broken on purpose.
            @inline(never) func setUnkept(_ reference: inout UnretainedReference<Marker>) {
                reference.object = Marker(1)
            }
            var reference = UnretainedReference<Marker>()
            setUnkept(&reference)
            _ = reference.object
        }
    }

    @Test func lettingGoOfAnObjectAnUnretainedReferenceLendsStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            // The owner lets go while the object is lent: the invariant broken on purpose.
            let owner = MarkerOwner()
            var reference = UnretainedReference<Marker>()
            reference.object = owner.kept
            reference.borrowing { _ in owner.kept = nil }
        }
    }

    @Test func lettingGoOfAnObjectAnUnretainedReferenceLendsForAResultStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            // The owner lets go while the object is lent: the invariant broken on purpose.
            let owner = MarkerOwner()
            var reference = UnretainedReference<Marker>()
            reference.object = owner.kept
            let value = reference.lending { marker in
                owner.kept = nil
                return marker.value
            }
            _ = value
        }
    }

    @Test func anObjectSlotKeptOutsideTheListStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            // A copy shares the storage, so what one keeps the other's list misses: the
            // invariant broken on purpose.
            var slots = ObjectSlots()
            slots.reserve(2)
            var copy = slots
            copy.keep(Marker(1), at: 1)
            slots.removeAll()
        }
    }
    #endif
    #endif

    @Test func anUnretainedStackKeepsItsObjectsInOrderWithoutRetainingThem() {
        let markers = (0..<5).map(Marker.init)
        weak var extra: Marker?
        var stack = UnretainedStack<Marker>()
        for marker in markers { stack.append(marker) }
        do {
            let pushed = Marker(5)
            extra = pushed
            stack.append(pushed)
            #expect(stack.count == 6)
            #expect(stack.last === pushed)
            stack.removeLast()
        }
        // The stack did not keep it alive.
        #expect(extra == nil)
        #expect(stack.count == 5)
        #expect(stack.last === markers[4])
        #expect(stack.firstIndex { $0.value == 2 } == 2)
        #expect(stack.contains { $0.value == 4 })
        #expect(!stack.contains { $0.value == 7 })
        #expect(stack.elements(from: 3).map(\.value) == [3, 4])
        #expect(stack.elements().map(\.value) == [0, 1, 2, 3, 4])
        stack.removeAll()
        #expect(stack.isEmpty && stack.last == nil)
        // Past its first storage: the entries move, in order.
        let many = (0..<40).map(Marker.init)
        for marker in many { stack.append(marker) }
        #expect(stack.elements().map(\.value) == Array(0..<40))
        stack.deallocate()
        // What pushed them keeps them alive until they are popped (see `UnretainedStack`).
        withExtendedLifetime((markers, many)) {}
    }

    @Test func anUnretainedReferenceReadsItsObjectWithoutKeepingIt() {
        weak var gone: Marker?
        var reference = UnretainedReference<Marker>()
        #expect(reference.object == nil)
        let kept = Marker(1)
        reference.object = kept
        #expect(reference.object === kept)
        do {
            let other = Marker(2)
            gone = other
            reference.object = other
            #expect(reference.object?.value == 2)
            reference.object = nil
        }
        // The reference did not keep it alive.
        #expect(gone == nil && reference.object == nil)
        withExtendedLifetime(kept) {}
    }

    @Test func anUnretainedReferenceLendsItsObjectForACall() {
        var reference = UnretainedReference<Marker>()
        var lent: [Int] = []
        reference.borrowing { lent.append($0.value) }
        #expect(lent.isEmpty)
        let kept = Marker(7)
        reference.object = kept
        // Lent to code the compiler cannot see into, that keeps it past the call.
        var held: Marker?
        @inline(never) func use(_ marker: Marker) {
            lent.append(marker.value)
            held = marker
        }
        reference.borrowing(use)
        #expect(lent == [7] && held === kept)
        held = nil
        reference.object = nil
        reference.borrowing { lent.append($0.value) }
        #expect(lent == [7])
        withExtendedLifetime(kept) {}
    }

    @Test func anUnretainedReferenceLendsItsObjectForACallThatReturnsOrThrows() {
        struct Refused: Error, Equatable { let value: Int }
        let kept = Marker(7)
        var reference = UnretainedReference<Marker>()
        reference.object = kept
        // Lent to code the compiler cannot see into, that keeps it past the call.
        var held: Marker?
        @inline(never) func double(_ marker: Marker) -> Int {
            held = marker
            return marker.value * 2
        }
        #expect(reference.lending(double) == 14)
        #expect(held === kept)
        held = nil
        // The body's own error, typed, comes out of the call.
        #expect(throws: Refused(value: 7)) {
            try reference.lending { (marker: Marker) throws(Refused) -> Int in throw Refused(value: marker.value) }
        }
        withExtendedLifetime(kept) {}
    }

    @Test func objectSlotsKeepTheirObjectsUntilRemovedAndGrowWithThem() {
        weak var first: Marker?
        weak var second: Marker?
        var slots = ObjectSlots()
        #expect(slots.capacity == 0 && slots.isEmpty)
        slots.reserve(3)
        do {
            let one = Marker(1)
            let two = Marker(2)
            first = one
            second = two
            slots.keep(one, at: 2)
            slots.keep(two, at: 0)
        }
        // The slots keep them alive, at their slots, across a growth.
        #expect(first != nil && second != nil)
        slots.reserve(10)
        #expect(slots.capacity == 10 && !slots.isEmpty)
        #expect((slots.object(at: 2) as? Marker)?.value == 1)
        #expect((slots.object(at: 0) as? Marker)?.value == 2)
        #expect(slots.object(at: 1) == nil && slots.object(at: 9) == nil)
        // A slot kept again lets go of what it held.
        slots.keep(Marker(3), at: 2)
        #expect(first == nil)
        #expect((slots.object(at: 2) as? Marker)?.value == 3)
        slots.removeAll()
        #expect(second == nil && slots.isEmpty && slots.object(at: 0) == nil && slots.object(at: 2) == nil)
        slots.keep(Marker(4), at: 5)
        slots.deallocate()
        #expect(slots.capacity == 0)
    }

    @Test func anObjectTakenAsItsClassKeepsExactlyTheReferenceItWasGiven() {
        weak var gone: Marker?
        do {
            let object: AnyObject = Marker(3)
            gone = object as? Marker
            // Not specialized for the class: the path that moves the reference instead of
            // copying it.
            @inline(never) func taken<T>(_ object: AnyObject, as type: T.Type) -> T {
                classInstance(taking: object, as: T.self)
            }
            let marker = taken(object, as: Marker.self)
            #expect(marker === object && marker.value == 3)
        }
        // Neither a reference too many (it would live on) nor one too few (a crash above).
        #expect(gone == nil)
    }

    @Test func theObjectInsideAnAnyIsTheReferenceItselfAndAValueHasNone() {
        weak var gone: Marker?
        do {
            let marker = Marker(5)
            gone = marker
            #expect(objectInside(marker as Any) === marker)
            #expect(objectInside(5 as Any) == nil)
            #expect(objectInside("five" as Any) == nil)
            #expect(objectInside(Marker.self as Any) == nil)
            #expect(objectInside(Optional(marker) as Any) == nil)
        }
        // No reference too many: the marker goes with its last owner.
        #expect(gone == nil)
    }

    @Test func aCellKeepsAClassInstanceAsItsObjectWhileItKeepsTheInstance() {
        let cell = InstanceCell(keepsAlive: true)
        let marker = Marker(1)
        cell.store(marker)
        #expect(cell.object === marker)
        // Held weakly: the object while it lives, then none.
        weak var gone: Marker?
        do {
            let made = Marker(2)
            gone = made
            cell.store(made)
            let dropped = cell.weaken()
            #expect(dropped as AnyObject? === made)
            #expect(cell.object === made)
        }
        #expect(gone == nil && cell.object == nil)
        cell.store(7)
        #expect(cell.object == nil)
        cell.store(marker)
        _ = cell.clear(stamp: 0)
        #expect(cell.object == nil)
        // A weak lifetime's cell: made through the claim, kept weakly.
        let weakCell = InstanceCell(keepsAlive: false)
        guard case .make(let ticket) = weakCell.claim(by: .current, resolve: { 1 }) else {
            Issue.record("an empty cell was not given to make")
            return
        }
        weakCell.commit(ticket, marker)
        #expect(weakCell.object === marker)
    }

    @Test func aLockSerializesItsState() async {
        let count = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<1_000 { count.withLock { $0 += 1 } } }
            }
        }
        #expect(count.withLock { $0 } == 8_000)
    }

    @Test func copiesOfALockShareOneStateAndTheLastCopyLetsGoOfIt() {
        weak var gone: Marker?
        do {
            let lock = Locked<Marker?>(Marker(1))
            let copy = lock
            copy.withLock { $0 = Marker(2) }
            #expect(lock.withLock { $0?.value } == 2)
            gone = lock.withLock { $0 }
            #expect(gone != nil)
        }
        // The state lives in the lock's one object: it goes with the last copy, exactly once.
        #expect(gone == nil)
    }

    @Test func locksMadeAndDroppedWhileOthersAreInUseKeepTheirStates() async {
        // Each lock and its state live in one object, made and freed together: under the
        // sanitizers, a lock used after its object went, or a slot laid over the state,
        // shows here.
        let locks = (0..<64).map { Locked($0) }
        await withTaskGroup(of: Void.self) { group in
            for index in locks.indices {
                group.addTask {
                    for _ in 0..<200 {
                        locks[index].withLock { $0 += 64 }
                        _ = Locked(index).withLock { $0 }
                    }
                }
            }
        }
        #expect(locks.enumerated().allSatisfy { index, lock in lock.withLock { $0 } == index + 64 * 200 })
    }
}

/// Holds a `Marker` until it lets go of it: the owner an unretained reference relies on.
private final class MarkerOwner {
    var kept: Marker? = Marker(1)
}

private final class Marker {
    let value: Int
    init(_ value: Int) { self.value = value }
}

private final class Other {}
