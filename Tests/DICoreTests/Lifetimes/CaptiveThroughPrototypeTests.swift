import DICore
import Testing

private final class CTLeaf {}
private final class CTMiddle {
    let leaf: CTLeaf
    init(leaf: CTLeaf) { self.leaf = leaf }
}
private final class CTInner {
    let middle: CTMiddle
    init(middle: CTMiddle) { self.middle = middle }
}
private final class CTHolder {
    let inner: CTInner
    init(inner: CTInner) { self.inner = inner }
}
private final class CTAsking {
    let middle: Provider<CTMiddle>
    init(middle: Provider<CTMiddle>) { self.middle = middle }
}

/// A cached instance keeps the prototypes it holds, and with them what they hold: a
/// shorter-lived instance held that way goes stale as if the holder held it itself.
@Suite struct CaptiveThroughPrototypeTests {
    /// `CTHolder` (per application) → `CTInner` → `CTMiddle` (prototypes) → `CTLeaf` (per container).
    private func chain() -> DIContainer {
        let container = DIContainer()
        container.register(CTLeaf.init).lifetime(.perContainer(.strong))
        container.register(CTMiddle.init)
        container.register(CTInner.init)
        container.register(CTHolder.init).lifetime(.perApplication(.strong))
        return container
    }

    @Test func validationWarnsNamingTheHolderThePrototypesAndTheTarget() throws {
        let found = chain().makeGraph().validate()
        #expect(found.map(\.kind) == [.captiveDependency], "\(found.map(\.message))")
        let warning = try #require(found.first)
        #expect(warning.path == ["CTHolder", "CTInner"])
        #expect(warning.message.hasPrefix("CTHolder needs CTInner: CTHolder is perApplication(.single) at "))
        #expect(
            warning.message.contains(
                ", held by the CTMiddle (prototype) held by the CTInner (prototype) that CTHolder keeps: after container.clean() it keeps a stale CTLeaf (use Provider/Lazy, or align the lifetimes)"
            ),
            "\(warning.message)"
        )
    }

    /// What validation warned of happens: after `clean()` the holder keeps the old leaf, and
    /// the clean says so.
    @Test func theCleanWarnsAboutTheHolderKeepingTheOldInstance() throws {
        let container = chain()
        let holder: CTHolder = container.resolve()
        let log = DiagnosticLog()
        container.addObserver(log)
        container.clean()
        let leaf: CTLeaf = container.resolve()
        #expect(holder.inner.middle.leaf !== leaf)
        #expect((container.resolve() as CTHolder).inner.middle.leaf !== leaf)
        let warning = try #require(log.all.first { $0.kind == .captiveDependency })
        #expect(warning.message.hasPrefix("CTHolder (perApplication(.single) at "))
        #expect(
            warning.message.contains(
                "was made before clean() and still holds the CTInner it keeps, which holds the CTMiddle it keeps, which holds the CTLeaf (perContainer(.single) at "
            ),
            "\(warning.message)"
        )
        #expect(warning.path == ["CTHolder", "CTInner"])
    }

    /// Prototypes held by prototypes only, or asked for through a `Provider`, keep nothing.
    @Test func prototypesNoCachedInstanceKeepsAreNotCaptive() {
        let container = DIContainer()
        container.register(CTLeaf.init).lifetime(.perContainer(.strong))
        container.register(CTMiddle.init)
        container.register(CTInner.init)
        container.register(CTHolder.init)
        container.register(CTAsking.init).lifetime(.perApplication(.strong))
        #expect(container.makeGraph().validate().isEmpty)
    }

    /// Through a prototype, a lifetime as long as the holder's is fine.
    @Test func aTargetThatLivesAsLongIsNotCaptive() {
        let container = DIContainer()
        container.register(CTLeaf.init).lifetime(.perApplication(.strong))
        container.register(CTMiddle.init)
        container.register(CTInner.init)
        container.register(CTHolder.init).lifetime(.perApplication(.strong))
        #expect(container.makeGraph().validate().isEmpty)
    }
}
