import DICore
import Foundation
import TestSupport
import Testing

// Deep graphs never overflow the stack (issue 26, item 4): a resolve nesting so deep that
// the thread's stack is nearly used up fails with a `.tooDeep` error naming its depth. Before,
// 2,000 nested resolves crashed an 8 MiB main thread (SIGSEGV, no message) and a 512 KiB
// thread (Apple's default for secondary threads) overflowed at about 105 levels.

/// A link of a chain, which knows how long the chain is from it on.
private protocol DGChain: AnyObject {
    var next: Self? { get }
}

extension DGChain {
    var length: Int {
        var count = 0
        var link: Self? = self
        while let current = link {
            count += 1
            link = current.next
        }
        return count
    }
}

private final class DGNode: DGChain, Sendable {
    let next: DGNode?
    init(next: DGNode?) { self.next = next }
}

/// A chain of `depth` nodes, each made by a factory that resolves the next through the
/// container (a nested resolve, joined to the outer one). A factory cannot throw: one whose
/// nested resolve fails keeps the error in `failures` and ends the chain there.
private func chainContainer(depth: Int, failures: LockedValue<[DIError]>) -> DIContainer {
    let container = DIContainer()
    for level in 0..<depth {
        container.register { (container: DIContainer) -> DGNode in
            guard level + 1 < depth else { return DGNode(next: nil) }
            do throws(DIError) {
                return DGNode(next: try container.tryResolve(name: "\(level + 1)") as DGNode)
            } catch {
                failures.withLock { $0.append(error) }
                return DGNode(next: nil)
            }
        }
        .as(DGNode.self, name: "\(level)")
    }
    return container
}

/// A link of a chain of initializer parameters, each named after its level.
private final class DGLink: DGChain, Sendable {
    let next: DGLink?
    init(next: DGLink) { self.next = next }
    init() { next = nil }
}

/// A chain of `depth` links, each an initializer parameter of the one before: one resolve
/// builds it, every level a step of the same resolve (no factory resolves).
private func linkedChain(depth: Int) -> DIContainer {
    let container = DIContainer()
    for level in 0..<(depth - 1) {
        container.register(DGLink.init(next:)) { by(name: "\(level + 1)", on: $0) }.as(DGLink.self, name: "\(level)")
    }
    container.register { DGLink() }.as(DGLink.self, name: "\(depth - 1)")
    return container
}

/// Whether the process runs under ThreadSanitizer or AddressSanitizer, whose instrumented
/// frames take several times the stack of a plain build.
private let underSanitizer = ["__tsan_init", "__asan_init"].contains { (symbol: String) in
    #if canImport(Darwin)
    let everyImage = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
    let everyImage: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    return dlsym(everyImage, symbol) != nil
}

/// Runs `body`, which resolves deep, on a thread with a stack of `stackSize` bytes and
/// waits for it, while no test observes every resolve of the process.
private func deepOnThread<T: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> T) -> T {
    withProcessWideObservationExclusive { onThread(stackSize: stackSize, body) }
}

/// Runs `body` on a thread with a stack of `stackSize` bytes and waits for it.
private func onThread<T: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> T) -> T {
    let result = LockedValue<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        result.value = body()
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    // swift-format-ignore: NeverForceUnwrap
    return result.value!
}

@Suite struct DeepGraphTests {
    /// The length of the chain resolved from its first node on a thread with `stackSize`
    /// bytes of stack, and the errors nested resolves met.
    private func deepChain(depth: Int, stackSize: Int) -> (length: Int, errors: [DIError]) {
        deepOnThread(stackSize: stackSize) {
            let failures = LockedValue<[DIError]>([])
            let container = chainContainer(depth: depth, failures: failures)
            let node: DGNode = container.resolve(name: "0")
            return (node.length, failures.value)
        }
    }

    /// Deep, or the one nested resolve that would overflow fails with `.tooDeep` naming its
    /// depth: never a crash.
    private func expectWholeOrTooDeep(depth: Int, stackSize: Int) {
        let outcome = deepChain(depth: depth, stackSize: stackSize)
        if outcome.errors.isEmpty {
            #expect(outcome.length == depth)
        } else {
            #expect(outcome.errors.count == 1)
            #expect(outcome.errors.allSatisfy { $0.kind == .tooDeep && $0.description.contains("levels deep") })
            #expect(outcome.length < depth)
            // The message stays short however deep: the chain's ends and a count.
            #expect(outcome.errors.allSatisfy { $0.description.count < 1_000 && $0.description.contains("more)") })
        }
    }

    @Test func twoHundredFiftyLevelsOnA512KiBThread() {
        expectWholeOrTooDeep(depth: 250, stackSize: 512 * 1024)
    }

    /// The design's budget: a 250-deep graph resolves on a 512 KiB thread, the first time
    /// and again, in the build apps ship (a debug or sanitized build, or one with internal
    /// checks, may stop with `.tooDeep`). Its parameters are named: the general way, every
    /// time, which takes more stack a level than the compiled steps of plain parameters.
    @Test func aTwoHundredFiftyDeepGraphFitsA512KiBThread() {
        let container = linkedChain(depth: 250)
        let first = deepOnThread(stackSize: 512 * 1024) { () -> Result<Int, DIError> in
            Result { () throws(DIError) in (try container.tryResolve(name: "0") as DGLink).length }
        }
        let again = deepOnThread(stackSize: 512 * 1024) { () -> Result<Int, DIError> in
            Result { () throws(DIError) in (try container.tryResolve(name: "0") as DGLink).length }
        }
        for outcome in [first, again] {
            switch outcome {
            case .success(let length):
                #expect(length == 250)
            case .failure(let error):
                #expect(error.kind == .tooDeep)
                #if !DEBUG && !TRANQUIL_INTERNAL_CHECKS
                #expect(underSanitizer, "a release build must fit: \(error.reason)")
                #endif
            }
        }
    }

    @Test func twoThousandLevelsOnAn8MiBThread() {
        expectWholeOrTooDeep(depth: 2_000, stackSize: 8 * 1024 * 1024)
    }

    @Test func aTooDeepResolveLeavesTheContainerIntact() {
        let outcome = deepOnThread(stackSize: 256 * 1024) { () -> (Int, [DIError.Kind], Int) in
            let failures = LockedValue<[DIError]>([])
            let container = chainContainer(depth: 1_000, failures: failures)
            let deep: DGNode = container.resolve(name: "0")
            let kinds = failures.value.map(\.kind)
            // A shallower start works on the same thread afterwards.
            let tail: DGNode = container.resolve(name: "995")
            return (deep.length, kinds, tail.length)
        }
        #expect(outcome.0 < 1_000)
        #expect(outcome.1 == [.tooDeep])
        #expect(outcome.2 == 5)
    }
}
