import Foundation

/// Runs `body` while no other test that uses this runs: for a test that observes every
/// resolve of the process (a global observer, `DISetting.Log`), and for one whose resolves
/// must not be observed by such a test.
///
/// Resolves nested a thousand deep on a 256 KiB thread stop nesting in time, with
/// 128 KiB to spare, for the resolve's own code; a process-wide verbose logger formats
/// and demangles at every level of them as well, which under ThreadSanitizer or
/// AddressSanitizer does not fit. The tests that turn such observation on, and the deep
/// ones, take turns.
package func withProcessWideObservationExclusive<T>(_ body: () throws -> T) rethrows -> T {
    processWideObservation.lock()
    defer { processWideObservation.unlock() }
    return try body()
}

private let processWideObservation = NSLock()
