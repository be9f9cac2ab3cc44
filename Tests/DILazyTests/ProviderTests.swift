import DILazy
import TestSupport
import Testing

@Suite struct ProviderTests {
    @Test func runsTheClosureOnEveryRead() {
        let made = Counter()
        let provider = Provider { made.increment() }
        #expect(made.value == 0)
        #expect(provider.value == 1)
        #expect(*provider == 2)
        #expect(provider.value == 3)
    }

    @Test func providerOfEveryArityPassesItsArguments() {
        let p1 = Provider1<String, Int> { "\($0)" }
        let p2 = Provider2<String, Int, String> { "\($0)\($1)" }
        let p3 = Provider3<String, Int, String, Bool> { "\($0)\($1)\($2)" }
        let p4 = Provider4<String, Int, String, Bool, Double> { "\($0)\($1)\($2)\($3)" }
        let p5 = Provider5<String, Int, String, Bool, Double, Character> { "\($0)\($1)\($2)\($3)\($4)" }
        #expect(p1.value(1) == "1")
        #expect(p1.value(2) == "2")
        #expect(p2.value(1, "a") == "1a")
        #expect(p3.value(1, "a", true) == "1atrue")
        #expect(p4.value(1, "a", true, 0.5) == "1atrue0.5")
        #expect(p5.value(1, "a", true, 0.5, "z") == "1atrue0.5z")
        #expect(p5.value(2, "b", false, 1.5, "y") == "2bfalse1.5y")
    }

    @Test func lazyOfEveryArityKeepsTheFirstCallsValue() {
        let made = Counter()
        let l1 = Lazy1<String, Int> {
            made.increment(); return "\($0)"
        }
        let l2 = Lazy2<String, Int, String> {
            made.increment(); return "\($0)\($1)"
        }
        let l3 = Lazy3<String, Int, String, Bool> {
            made.increment(); return "\($0)\($1)\($2)"
        }
        let l4 = Lazy4<String, Int, String, Bool, Double> {
            made.increment(); return "\($0)\($1)\($2)\($3)"
        }
        let l5 = Lazy5<String, Int, String, Bool, Double, Character> {
            made.increment()
            return "\($0)\($1)\($2)\($3)\($4)"
        }
        #expect(!l1.wasMade)
        #expect(l1.value(1) == "1")
        #expect(l1.value(9) == "1")
        #expect(l1.wasMade)
        #expect(l2.value(1, "a") == "1a")
        #expect(l2.value(2, "b") == "1a")
        #expect(l3.value(1, "a", true) == "1atrue")
        #expect(l3.value(2, "b", false) == "1atrue")
        #expect(l4.value(1, "a", true, 0.5) == "1atrue0.5")
        #expect(l4.value(2, "b", false, 1) == "1atrue0.5")
        #expect(l5.value(1, "a", true, 0.5, "z") == "1atrue0.5z")
        #expect(l5.value(2, "b", false, 1, "y") == "1atrue0.5z")
        #expect(made.value == 5)
        l1.clear()
        #expect(!l1.wasMade)
        #expect(l1.value(9) == "9")
    }

    @Test func lazyWithArgumentsIsMadeOnceAcrossThreads() async {
        let made = Counter()
        let lazy = Lazy1<Int, Int> { _ in made.increment() }
        let finished = await race(threads: 16) { index in
            #expect(lazy.value(index) == 1)
        }
        #expect(finished)
        #expect(made.value == 1)
    }
}
