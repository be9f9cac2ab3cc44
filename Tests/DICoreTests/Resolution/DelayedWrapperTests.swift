import DICore
import DILazy
import Testing

// What a `Provider` or `Lazy` resolves later is the request it was handed out for: a
// registered type, or a wrapper (a tag, every component, an optional) resolved as one.

private protocol DWSound: AnyObject {
    var name: String { get }
}

private final class DWBell: DWSound {
    let name = "bell"
}

private final class DWHorn: DWSound {
    let name = "horn"
}

private enum DWLoud {}

private final class DWPlayer {
    let plain: Provider<DWBell>
    let tagged: Provider<DIByTag<DWLoud, DWSound>>
    let every: Lazy<DIMany<DWSound>>
    let maybe: Provider<DWBell?>
    let absent: Provider<DWHorn?>

    init(
        plain: Provider<DWBell>,
        tagged: Provider<DIByTag<DWLoud, DWSound>>,
        every: Lazy<DIMany<DWSound>>,
        maybe: Provider<DWBell?>,
        absent: Provider<DWHorn?>
    ) {
        self.plain = plain
        self.tagged = tagged
        self.every = every
        self.maybe = maybe
        self.absent = absent
    }
}

@Suite struct DelayedWrapperTests {
    @Test func aDelayedRequestResolvesWhatItWasHandedOutFor() {
        let container = DIContainer()
        container.register(DWBell.init).as(DWSound.self)
        container.register(DWHorn.init).as(DWSound.self, tag: DWLoud.self)
        container.register(DWPlayer.init)
        let player: DWPlayer = container.resolve()

        #expect(player.plain.value.name == "bell")
        #expect(player.plain.value !== player.plain.value)  // a provider makes one each time
        #expect(player.maybe.value?.name == "bell")
        #expect(by(tag: DWLoud.self, on: player.tagged.value).name == "horn")
        #expect(many(player.every.value).map(\.name) == ["bell", "horn"])
        #expect(player.absent.value?.name == "horn")
    }

    @Test func aTagInsideAnOptionalOrAManyChoosesTheTaggedComponent() {
        let container = DIContainer()
        container.register(DWBell.init).as(DWSound.self)
        container.register(DWHorn.init).as(DWSound.self, tag: DWLoud.self)
        let tagged: DIByTag<DWLoud, DWSound>? = container.resolve()
        let everyTagged: DIMany<DIByTag<DWLoud, DWSound>> = container.resolve()
        #expect(tagged.map { by(tag: DWLoud.self, on: $0).name } == "horn")
        #expect(many(everyTagged).map { by(tag: DWLoud.self, on: $0).name } == ["horn"])
    }

    @Test func anOptionalProviderOfAnUnregisteredTypeGivesNil() {
        let container = DIContainer()
        container.register(DWBell.init)
        let absent: Provider<DWHorn?> = container.resolve()
        let present: Provider<DWBell?> = container.resolve()
        #expect(absent.value == nil)
        #expect(present.value?.name == "bell")
    }

    /// A provider asks the container on every `.value`: a registration after it was handed
    /// out (a test's override) is seen, by a `Lazy`'s first value too.
    @Test func aDelayedRequestChoosesAgainAfterARegistration() {
        let container = DIContainer()
        container.register(DWBell.init).as(DWSound.self)
        let sound: Provider<DWSound> = container.resolve()
        let once: Lazy<DWSound> = container.resolve()
        #expect(sound.value.name == "bell")
        #expect(sound.value.name == "bell")
        container.register(DWHorn.init).as(DWSound.self).test()
        #expect(sound.value.name == "horn")
        #expect(sound.value.name == "horn")
        #expect(once.value.name == "horn")
    }

    /// So does one in an optional, or one a `Provider` makes: each was chosen, not given.
    @Test func anOptionalOrNestedDelayedRequestChoosesAgainToo() async {
        final class Holder {
            let sound: Provider<DWSound>?
            init(sound: Provider<DWSound>?) { self.sound = sound }
        }
        let container = DIContainer()
        container.register(DWBell.init).as(DWSound.self)
        container.register(Holder.init)
        let maybe: Provider<DWSound>? = container.resolve(sync: ())
        let lazy: Lazy<DWSound>? = container.resolve(sync: ())
        let awaited: AsyncProvider<DWSound>? = container.resolve(sync: ())
        let holder: Holder = container.resolve(sync: ())
        let nested: Provider<Provider<DWSound>> = container.resolve(sync: ())
        let inner = nested.value
        #expect(maybe?.value.name == "bell")
        #expect(inner.value.name == "bell")
        container.register(DWHorn.init).as(DWSound.self).default()
        #expect(maybe?.value.name == "horn")
        #expect(lazy?.value.name == "horn")
        #expect(await awaited?.value.name == "horn")
        #expect(holder.sound?.value.name == "horn")
        #expect(inner.value.name == "horn")
        #expect(nested.value.value.name == "horn")
    }

    /// A `many` hands out one delayed request per component: each keeps its component
    /// whatever is registered later, here or in another container.
    @Test func aDelayedRequestOfAManyKeepsItsComponent() {
        let container = DIContainer()
        container.register(DWBell.init).as(DWSound.self)
        container.register(DWHorn.init).as(DWSound.self)
        let every: [Provider<DWSound>] = container.resolveMany()
        let sound: Provider<DWBell> = container.resolve()
        #expect(every.map(\.value.name) == ["bell", "horn"])
        DIContainer().register(DWBell.init)  // any registration changes the process's count
        container.register(DWHorn.init)
        #expect(every.map(\.value.name) == ["bell", "horn"])
        #expect(sound.value.name == "bell")
    }
}
