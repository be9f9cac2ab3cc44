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
    #endif
    #endif

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
