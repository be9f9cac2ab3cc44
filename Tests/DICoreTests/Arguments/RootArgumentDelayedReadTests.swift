import DICore
import Testing

// A `Lazy` or `Provider` read during the resolve that made its holder with `resolve(args:)`
// (in a `postInit`, a `cycle:` injection) back to that holder gets it: the instance the
// resolve made with its own arguments answers the requests of that resolve that give none,
// the delayed value's too, as it is a part of the resolve.

/// Holds its root weakly: the root's `Lazy` keeps the holder it read, which would otherwise
/// close a cycle the leak check reports.
private final class RDHolder {
    weak var root: RDRoot?
    init(root: RDRoot) { self.root = root }
}

private final class RDRoot: @unchecked Sendable {
    let number: Int
    let holder: Lazy<RDHolder>
    let holders: Provider<RDHolder>
    var seen: [RDHolder] = []
    var failures: [DIError] = []
    init(number: Int, holder: Lazy<RDHolder>, holders: Provider<RDHolder>) {
        (self.number, self.holder, self.holders) = (number, holder, holders)
    }

    func read() {
        do throws(DIError) { seen.append(try holder.tryValue()) } catch { failures.append(error) }
        do throws(DIError) { seen.append(try holders.tryValue()) } catch { failures.append(error) }
    }
}

/// Where the root reads its delayed values during the resolve.
enum RDRead: CaseIterable, Sendable {
    case postInit, cycleInjection
}

@Suite struct RootArgumentDelayedReadTests {
    private func container(reading read: RDRead) -> DIContainer {
        let container = DIContainer()
        container.register(RDHolder.init)
        let root = container.register { RDRoot(number: arg($0), holder: $1, holders: $2) }.lifetime(.objectGraph)
        switch read {
        case .postInit:
            root.postInit { root in
                root.read()
            }
        case .cycleInjection:
            root.injection(cycle: true) { (root: RDRoot, _: RDHolder) in
                root.read()
            }
        }
        return container
    }

    /// Whether every holder the root's reads got holds the root itself.
    private func readsGotTheRoot(_ root: RDRoot) -> Bool {
        defer { root.seen = [] }
        #expect(root.failures.isEmpty, "\(root.failures)")
        return root.seen.count == 2 && root.seen.allSatisfy { $0.root === root }
    }

    @Test(arguments: RDRead.allCases)
    func aDelayedReadDuringTheResolveGetsTheRoot(_ read: RDRead) throws {
        let container = container(reading: read)
        let root: RDRoot = try container.tryResolve(args: 7)
        #expect(root.number == 7)
        #expect(readsGotTheRoot(root))
        // Once the resolve returned, the graph has no instance made without arguments.
        #expect(root.holder.value.root === root)
        let later = #expect(throws: DIError.self) { try root.holders.tryValue() }
        #expect(later?.kind == .argumentMismatch)
        withExtendedLifetime(container) {}
    }

    @Test(arguments: RDRead.allCases)
    func anAwaitedResolveGetsItToo(_ read: RDRead) async throws {
        let root: RDRoot = try await container(reading: read).tryResolve(args: 7)
        #expect(readsGotTheRoot(root))
    }

    @Test(arguments: RDRead.allCases)
    func aNamedResolveGetsItToo(_ read: RDRead) throws {
        let container = DIContainer()
        container.register(RDHolder.init)
        let root = container.register { RDRoot(number: arg($0), holder: $1, holders: $2) }.lifetime(.objectGraph)
        root.as(RDRoot.self, name: "main")
        switch read {
        case .postInit: root.postInit { root in root.read() }
        case .cycleInjection:
            root.injection(cycle: true) { (root: RDRoot, _: RDHolder) in
                root.read()
            }
        }
        let made: RDRoot = try container.tryResolve(name: "main", args: 7)
        #expect(readsGotTheRoot(made))
    }
}
