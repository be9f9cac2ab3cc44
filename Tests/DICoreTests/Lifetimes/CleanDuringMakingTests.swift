import DICore
import Foundation
import TestSupport
import Testing

/// Kept; its initializer stops at `hold` so that a clean can run while it is being made.
/// Its `cycle:` injection closes the loop through `CDMBack` once the resolve ends.
private final class CDMKept: @unchecked Sendable {
    // @unchecked Sendable: set by its injection before it is handed out.
    var back: CDMBack?
    init(hold: FactoryHold, made: Counter) {
        made.increment()
        hold.pass()
    }
}

/// A prototype pointing back at the kept instance (`cycle:`), weakly: a resolved loop must
/// not leak (CI runs LeakSanitizer).
private final class CDMBack: @unchecked Sendable {
    // @unchecked Sendable: set by its injection before it is handed out.
    weak var kept: CDMKept?
}

/// A clean while a kept component is being made drops that generation: the resolve making
/// it still gets its own instance, whole, and a later resolve makes the next one.
@Suite struct CleanDuringMakingTests {
    enum Clean: CaseIterable, Sendable {
        case container, custom, scope
    }

    @Test(arguments: Clean.allCases)
    func aCycleClosesOnTheInstanceBeingMadeWhenACleanDropsItsGeneration(clean: Clean) async {
        let hold = FactoryHold()
        let made = Counter()
        let scope = DIScope(name: "session")
        let lifetime: DILifeTime =
            switch clean {
            case .container: .perContainer(.single)
            case .custom: .custom(name: "screen")
            case .scope: .custom(scope)
            }
        let container = DIContainer()
        container.register { CDMKept(hold: hold, made: made) }.lifetime(lifetime).injection(cycle: true, \.back)
        container.register(CDMBack.init).injection(cycle: true, \.kept)
        hold.armed.value = true
        let resolved = Collected<CDMKept>()
        Thread { resolved.append(container.resolve(sync: ())) }.start()
        await eventually { hold.entered.value == 1 }
        hold.armed.value = false
        switch clean {
        case .container: container.clean()
        case .custom: container.clean(custom: "screen")
        case .scope: scope.clean()
        }
        hold.released.signal()
        await eventually { !resolved.values.isEmpty }
        guard let kept = resolved.values.first else { return }
        #expect(kept.back?.kept === kept, "the cycle closed on another instance")
        #expect(made.value == 1, "the resolve in progress made a second instance")
        let next: CDMKept = container.resolve(sync: ())
        #expect(next !== kept, "the dropped generation was stored")
        #expect(next.back?.kept === next)
        #expect(made.value == 2)
    }
}
