import DICore
import DILazy
import DIParts
import TestSupport
import Testing

/// Counts makes and releases of `Kind`'s instances.
private final class Lifecycle<Kind>: Sendable {
    let made = Counter()
    let released = Counter()
}

/// An instance whose deinit is counted.
private final class Counted<Kind>: Sendable {
    let life: Lifecycle<Kind>
    init(_ life: Lifecycle<Kind>) {
        self.life = life
        life.made.increment()
    }
    deinit { life.released.increment() }
}

/// Holds a `Lazy` and a `Provider` of what it depends on, the cycle-prone shape.
private final class Holder<Kind> {
    let counted: Counted<Kind>
    let lazy: Lazy<Counted<Kind>>
    let provider: Provider<Counted<Kind>>
    init(counted: Counted<Kind>, lazy: Lazy<Counted<Kind>>, provider: Provider<Counted<Kind>>) {
        self.counted = counted
        self.lazy = lazy
        self.provider = provider
    }
}

private enum WeakKind {}
private enum CycleKind {}

/// Two components whose initializers need each other: an init cycle the container reports.
private final class Chicken {
    init(egg: Egg) {}
}

private final class Egg {
    init(chicken: Chicken) {}
}
private enum DropKind {}
private enum GraphKind {}
private enum PoolKind {}
private enum SharedKind {}

/// A weak reference that can be checked after the strong ones are gone.
private final class WeakBox<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object?) { self.object = object }
}

@Suite struct MemoryTests {
    static let weakLifetimes: [DILifeTime] = [
        .perContainer(.weak), .perApplication(.weak), .perFramework(.weak), .perPart(.weak),
    ]

    @Test(arguments: weakLifetimes)
    func aWeakInstanceIsReleasedWhenTheAppDropsItAndMadeAgain(lifetime: DILifeTime) {
        let life = Lifecycle<WeakKind>()
        let container = DIContainer()
        let line = uniqueLine()
        let register: LoadScripts.Script = { container in
            container.register(line: line) { Counted(life) }.lifetime(lifetime)
        }
        LoadScripts.set(Fw<N1>.self, in: container, register)
        LoadScripts.set(Pt<N1>.self, in: container, register)
        defer { LoadScripts.forget(container) }
        switch lifetime {
        case .perFramework: container.append(framework: Fw<N1>.self)
        case .perPart: container.append(part: Pt<N1>.self)
        default: register(container)
        }
        var first: Counted<WeakKind>? = container.resolve()
        let again: Counted<WeakKind> = container.resolve()
        #expect(first === again)
        first = nil
        _ = consume again
        #expect(life.released.value == 1)
        let next: Counted<WeakKind> = container.resolve()
        #expect(life.made.value == 2)
        _ = next
    }

    @Test(arguments: [
        DILifeTime.perContainer(.single), .perFramework(.single), .perPart(.single), .custom(name: "drop"),
        .objectGraph, .prototype,
    ])
    func droppingAContainerReleasesEverythingItKept(lifetime: DILifeTime) {
        let life = Lifecycle<DropKind>()
        var container: DIContainer? = DIContainer()
        if let container {
            let register: LoadScripts.Script = { container in
                container.register { Counted(life) }.lifetime(lifetime)
                container.register { Holder<DropKind>(counted: $0, lazy: $1, provider: $2) }.lifetime(lifetime)
            }
            LoadScripts.set(Pt<N2>.self, in: container, register)
            container.append(part: Pt<N2>.self)
            LoadScripts.forget(container)
            let holder: Holder<DropKind> = container.resolve()
            _ = holder.lazy.value
            _ = holder.provider.value
        }
        let weakContainer = WeakBox(container)
        container = nil
        #expect(weakContainer.object == nil)
        #expect(life.made.value > 0)
        #expect(life.released.value == life.made.value)
    }

    /// What a factory captures lives as long as its registration: nothing the container
    /// remembers about resolving (choices, failed attempts) may keep a registration alive
    /// after its container is gone, whatever the components' dependencies between them.
    @Test func droppingAContainerReleasesWhatItsFactoriesCaptureEvenAfterACycle() {
        let life = Lifecycle<CycleKind>()
        var container: DIContainer? = DIContainer()
        if let container {
            let captured = Counted(life)
            container.register { (egg: Egg) in withExtendedLifetime(captured) { Chicken(egg: egg) } }
            container.register(Egg.init)
            for _ in 0..<2 {
                let error = resolveError(Chicken.self) { () throws(DIError) in try container.tryResolve() }
                #expect(error?.kind == .cycle)
            }
        }
        let weakContainer = WeakBox(container)
        container = nil
        #expect(weakContainer.object == nil)
        #expect(life.released.value == 1)
    }

    /// A finished resolve leaves its bookkeeping for the next one (on any container): none
    /// of it may keep the container, or what the resolve made, alive.
    @Test func aFinishedResolveKeepsNeitherItsContainerNorWhatItMade() {
        let life = Lifecycle<PoolKind>()
        var container: DIContainer? = DIContainer()
        container?.register { Counted(life) }.lifetime(.objectGraph)
        container?.register { (first: Counted<PoolKind>, again: Counted<PoolKind>) in [first, again] }
        var made: [Counted<PoolKind>]? = container?.resolve()
        #expect(made?.count == 2 && made?.first === made?.last)
        #expect(life.made.value == 1)
        made = nil
        #expect(life.released.value == 1)
        let weakContainer = WeakBox(container)
        container = nil
        #expect(weakContainer.object == nil)
    }

    /// A repeat resolve hands each caller a reference of its own to the instance a container
    /// keeps, on any thread: one too few would free it under a caller, one too many would
    /// keep it after the container lets it go.
    @Test func aKeptInstanceResolvedOnManyThreadsGoesWhenItsContainerLetsItGo() async {
        let life = Lifecycle<SharedKind>()
        let container = DIContainer()
        container.register { Counted(life) }.lifetime(.perContainer(.strong))
        weak var kept: Counted<SharedKind>?
        do {
            let first: Counted<SharedKind> = await container.resolve()
            kept = first
            // Compared by identity: the racing threads, which may outlive the race a little,
            // hold no reference to it.
            let identity = ObjectIdentifier(first)
            await race(threads: 8) { _ in
                for _ in 0..<2_000 {
                    let again: Counted<SharedKind> = container.resolve()
                    precondition(ObjectIdentifier(again) == identity)
                }
            }
        }
        #expect(life.made.value == 1 && life.released.value == 0 && kept != nil)
        container.clean()
        #expect(life.released.value == 1 && kept == nil)
    }

    @Test func aContainerIsReleasedWhileItsLazyAndProviderLiveAndTheyAreReleasedWhileItLives() {
        let life = Lifecycle<GraphKind>()
        var container: DIContainer? = DIContainer()
        container?.register { Counted(life) }.lifetime(.objectGraph)
        container?.register { Holder<GraphKind>(counted: $0, lazy: $1, provider: $2) }.lifetime(.objectGraph)
        var holder: Holder<GraphKind>? = container?.resolve()
        var lazy: Lazy<Counted<GraphKind>>? = container?.resolve()
        var provider: Provider<Counted<GraphKind>>? = container?.resolve()
        // Lazy/Provider alive, the container goes: nothing they hold keeps it.
        let weakContainer = WeakBox(container)
        container = nil
        #expect(weakContainer.object == nil)
        #expect(holder != nil && lazy != nil && provider != nil)

        // The container alive, the holder goes: its graph (reachable from its Lazy) does not
        // keep it or what it made alive.
        let living = DIContainer()
        living.register { Counted(life) }.lifetime(.objectGraph)
        living.register { Holder<GraphKind>(counted: $0, lazy: $1, provider: $2) }.lifetime(.objectGraph)
        let before = life.released.value
        var kept: Holder<GraphKind>? = living.resolve()
        #expect(kept?.lazy.value === kept?.counted)
        let weakHolder = WeakBox(kept)
        let weakLazy = WeakBox(kept?.lazy)
        kept = nil
        #expect(weakHolder.object == nil)
        #expect(weakLazy.object == nil)
        #expect(life.released.value == before + 1)
        holder = nil
        lazy = nil
        provider = nil
        #expect(life.released.value == life.made.value)
    }
}
