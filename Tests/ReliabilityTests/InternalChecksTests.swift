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
        stack.removeAll(keepingCapacity: true)
        #expect(stack.isEmpty && stack.last == nil)
        // What pushed them keeps them alive until they are popped (see `UnretainedStack`).
        withExtendedLifetime(markers) {}
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
}

private final class Marker {
    let value: Int
    init(_ value: Int) { self.value = value }
}

private final class Other {}
