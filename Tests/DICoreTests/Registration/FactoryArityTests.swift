import DICore
import TestSupport
import Testing

// Factories of every arity: 0…8 parameters go through the overloads written out per
// arity, 9 through the parameter pack. Each parameter must get its own type's instance, in
// order, the first time (the plan followed) and the times after (the plan compiled).

private struct FAValue: Sendable, Equatable {
    let number: Int
}

private final class FA1: Sendable { let n = 1 }
private final class FA2: Sendable { let n = 2 }
private final class FA3: Sendable { let n = 3 }
private final class FA4: Sendable { let n = 4 }
private final class FA5: Sendable { let n = 5 }
private final class FA6: Sendable { let n = 6 }
private final class FA7: Sendable { let n = 7 }
private final class FA8: Sendable { let n = 8 }
private final class FA9: Sendable { let n = 9 }

/// Registers `FA1`…`FA9`, each its own number.
private func numbered() -> DIContainer {
    let container = DIContainer()
    container.register(FA1.init)
    container.register(FA2.init)
    container.register(FA3.init)
    container.register(FA4.init)
    container.register(FA5.init)
    container.register(FA6.init)
    container.register(FA7.init)
    container.register(FA8.init)
    container.register(FA9.init)
    return container
}

@Suite struct FactoryArityTests {
    @Test func everyArityGetsEachParameterInOrder() {
        let container = numbered()
        container.register { FAValue(number: 0) }.lifetime(.prototype)
        for _ in 0..<3 {
            let value: FAValue = container.resolve()
            #expect(value.number == 0)
        }
        let expected = [
            1: [1], 2: [1, 2], 3: [1, 2, 3], 4: [1, 2, 3, 4], 5: [1, 2, 3, 4, 5], 6: [1, 2, 3, 4, 5, 6],
            7: [1, 2, 3, 4, 5, 6, 7], 8: [1, 2, 3, 4, 5, 6, 7, 8], 9: [1, 2, 3, 4, 5, 6, 7, 8, 9],
        ]
        for arity in 1...9 {
            let container = numbered()
            register(arity: arity, in: container)
            // The first resolve follows the plan, the second compiles it, the third runs it.
            for _ in 0..<3 {
                let digits: [Int] = container.resolve()
                #expect(digits == expected[arity], "a factory of \(arity) parameters")
            }
        }
    }

    /// Registers a factory of `arity` parameters that answers `[Int]` with their numbers.
    private func register(arity: Int, in container: DIContainer) {
        switch arity {
        case 1: container.register { (a: FA1) in [a.n] }
        case 2: container.register { (a: FA1, b: FA2) in [a.n, b.n] }
        case 3: container.register { (a: FA1, b: FA2, c: FA3) in [a.n, b.n, c.n] }
        case 4: container.register { (a: FA1, b: FA2, c: FA3, d: FA4) in [a.n, b.n, c.n, d.n] }
        case 5:
            container.register { (a: FA1, b: FA2, c: FA3, d: FA4, e: FA5) in [a.n, b.n, c.n, d.n, e.n] }
        case 6:
            container.register { (a: FA1, b: FA2, c: FA3, d: FA4, e: FA5, f: FA6) in
                [a.n, b.n, c.n, d.n, e.n, f.n]
            }
        case 7:
            container.register { (a: FA1, b: FA2, c: FA3, d: FA4, e: FA5, f: FA6, g: FA7) in
                [a.n, b.n, c.n, d.n, e.n, f.n, g.n]
            }
        case 8:
            container.register { (a: FA1, b: FA2, c: FA3, d: FA4, e: FA5, f: FA6, g: FA7, h: FA8) in
                [a.n, b.n, c.n, d.n, e.n, f.n, g.n, h.n]
            }
        default:
            container.register { (a: FA1, b: FA2, c: FA3, d: FA4, e: FA5, f: FA6, g: FA7, h: FA8, i: FA9) in
                [a.n, b.n, c.n, d.n, e.n, f.n, g.n, h.n, i.n]
            }
        }
    }

    @Test func aMissingParameterNamesItsChainAtEveryArity() {
        for arity in [2, 9] {
            let container = DIContainer()
            container.register(FA1.init)
            if arity == 2 {
                container.register { (a: FA1, b: FA2) in [a.n, b.n] }
            } else {
                register(arity: 9, in: container)
            }
            for _ in 0..<3 {
                let error = resolveError([Int].self) { () throws(DIError) in try container.tryResolve() }
                #expect(error?.kind == .notRegistered)
                #expect(error?.path == ["[Int]", "FA2"])
            }
        }
    }

    /// A factory owns its parameters (`consuming`): whatever form it comes in (an
    /// initializer, a function, a closure value of a borrowing type), an instance two
    /// factories share is handed to each and let go of exactly when its last holder goes.
    @Test func factoriesOwnTheirParametersWhateverFormTheyComeIn() {
        let container = DIContainer()
        container.register(FAShared.init).lifetime(.objectGraph)
        let borrowing: @Sendable (FAShared) -> FAMiddle = { FAMiddle(shared: $0) }
        container.register(borrowing).lifetime(.prototype)
        container.register(makeTop).lifetime(.prototype)
        // The first resolve follows the plan, the second compiles it, the rest run it.
        for _ in 0..<4 {
            weak var shared: FAShared?
            weak var middle: FAMiddle?
            do {
                let top: FATop = container.resolve()
                #expect(top.middle.shared === top.shared)
                shared = top.shared
                middle = top.middle
                #expect(shared != nil && middle != nil)
            }
            #expect(shared == nil, "the shared instance outlived its holders")
            #expect(middle == nil)
        }
    }
}

private final class FAShared: Sendable {}

private final class FAMiddle: Sendable {
    let shared: FAShared
    init(shared: FAShared) { self.shared = shared }
}

private final class FATop: Sendable {
    let middle: FAMiddle
    let shared: FAShared
    init(middle: FAMiddle, shared: FAShared) {
        self.middle = middle
        self.shared = shared
    }
}

@Sendable private func makeTop(middle: FAMiddle, shared: FAShared) -> FATop {
    FATop(middle: middle, shared: shared)
}
