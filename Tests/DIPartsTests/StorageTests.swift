import DICore
import DIParts
import Testing

/// A cached instance, told apart by identity.
final class Store<Owner> {}

final class PlainStore {}
final class AppWideStore {}
final class LooseStore {}
final class LoosePartStore {}

final class StorePart: DIPart {
    static func load(container: DIContainer) {
        container.register(Store<StorePart>.init).lifetime(.perPart(.single))
        container.register(Store<(StorePart, Weak)>.init).lifetime(.perPart(.weak))
    }
}

final class OtherStorePart: DIPart {
    static func load(container: DIContainer) {
        container.register(Store<OtherStorePart>.init).lifetime(.perPart(.single))
    }
}

enum Weak {}

final class StoreFrameworkA: DIFramework {
    static func load(container: DIContainer) {
        container.register(Store<StoreFrameworkA>.init).lifetime(.perFramework(.single))
        container.register(Store<(StoreFrameworkA, Weak)>.init).lifetime(.perFramework(.weak))
        container.append(part: StorePart.self)
    }
}

final class StoreFrameworkB: DIFramework {
    static func load(container: DIContainer) {
        container.register(Store<StoreFrameworkB>.init).lifetime(.perFramework(.single))
        container.append(part: OtherStorePart.self)
    }
}

/// Every kind of storage, one instance each.
private struct Snapshot {
    let a: Store<StoreFrameworkA>
    let b: Store<StoreFrameworkB>
    let part: Store<StorePart>
    let otherPart: Store<OtherStorePart>
    let plain: PlainStore
    let appWide: AppWideStore
    let loose: LooseStore
    let loosePart: LoosePartStore

    init(_ container: DIContainer) {
        a = container.resolve()
        b = container.resolve()
        part = container.resolve()
        otherPart = container.resolve()
        plain = container.resolve()
        appWide = container.resolve()
        loose = container.resolve()
        loosePart = container.resolve()
    }

    /// Which entries are different instances in `other`.
    func changed(_ other: Snapshot) -> Set<String> {
        var changed: Set<String> = []
        if a !== other.a { changed.insert("a") }
        if b !== other.b { changed.insert("b") }
        if part !== other.part { changed.insert("part") }
        if otherPart !== other.otherPart { changed.insert("otherPart") }
        if plain !== other.plain { changed.insert("plain") }
        if appWide !== other.appWide { changed.insert("appWide") }
        if loose !== other.loose { changed.insert("loose") }
        if loosePart !== other.loosePart { changed.insert("loosePart") }
        return changed
    }
}

@Suite struct StorageTests {
    private func app(_ log: EventLog? = nil) -> DIContainer {
        let container = DIContainer()
        if let log { container.addObserver(log) }
        container.append(framework: StoreFrameworkA.self)
        container.append(framework: StoreFrameworkB.self)
        container.register(PlainStore.init).lifetime(.perContainer(.single))
        container.register(AppWideStore.init).lifetime(.perApplication(.single))
        container.register(LooseStore.init).lifetime(.perFramework(.single))
        container.register(LoosePartStore.init).lifetime(.perPart(.single))
        return container
    }

    @Test func everyStorageKeepsItsInstance() {
        let container = app()
        let first = Snapshot(container)
        #expect(first.changed(Snapshot(container)).isEmpty)
    }

    @Test func cleanFrameworkDropsExactlyThatFrameworksInstances() {
        let container = app()
        let before = Snapshot(container)
        container.clean(framework: StoreFrameworkA.self)
        #expect(before.changed(Snapshot(container)) == ["a"])
    }

    @Test func cleanPartDropsExactlyThatPartsInstances() {
        let container = app()
        let before = Snapshot(container)
        container.clean(part: StorePart.self)
        #expect(before.changed(Snapshot(container)) == ["part"])
    }

    @Test func cleanDropsPerContainerAndTheScopedOnesRegisteredOutsideAnyOrigin() {
        let container = app()
        let before = Snapshot(container)
        container.clean()
        #expect(before.changed(Snapshot(container)) == ["plain", "loose", "loosePart"])
    }

    @Test func scopedLifetimesOutsideAnyOriginWarn() {
        let log = EventLog()
        _ = app(log)
        let warnings = log.diagnostics.filter { $0.kind == .scopeOutsideOrigin }
        #expect(warnings.map(\.severity) == [.warning, .warning])
        #expect(Set(warnings.compactMap(\.component?.typeName)) == ["LooseStore", "LoosePartStore"])
    }

    @Test func scopedLifetimesInsideTheirOriginDoNotWarn() {
        let log = EventLog()
        let container = DIContainer()
        container.addObserver(log)
        container.append(framework: StoreFrameworkA.self)
        #expect(log.diagnostics.isEmpty)
    }

    @Test func weakVariantsLiveAsLongAsTheAppHoldsThem() {
        let container = app()
        weak var weakFramework: Store<(StoreFrameworkA, Weak)>?
        weak var weakPart: Store<(StorePart, Weak)>?
        var heldFramework: Store<(StoreFrameworkA, Weak)>? = container.resolve()
        var heldPart: Store<(StorePart, Weak)>? = container.resolve()
        weakFramework = heldFramework
        weakPart = heldPart
        #expect(container.resolve() as Store<(StoreFrameworkA, Weak)> === heldFramework)
        #expect(container.resolve() as Store<(StorePart, Weak)> === heldPart)
        heldFramework = nil
        heldPart = nil
        #expect(weakFramework == nil)
        #expect(weakPart == nil)
        let again: Store<(StoreFrameworkA, Weak)> = container.resolve()
        #expect(again !== weakFramework)
    }

    @Test func cleanFrameworkDropsWeakInstancesToo() {
        let container = app()
        let held: Store<(StoreFrameworkA, Weak)> = container.resolve()
        container.clean(framework: StoreFrameworkA.self)
        #expect(container.resolve() as Store<(StoreFrameworkA, Weak)> !== held)
    }

    @Test func cleanReportsWhatItDropped() {
        let log = EventLog()
        let container = app(log)
        _ = Snapshot(container)
        container.clean(framework: StoreFrameworkA.self)
        let cleaned = log.all.filter { $0.kind == .cleaned }
        #expect(cleaned.last?.count == 1)
        #expect(cleaned.last?.scope?.contains("StoreFrameworkA") == true)
    }
}
