import DICore
import DILazy
import Testing

// The fixed-arity async providers (issue 24: generic types with parameter packs need
// iOS 17 / macOS 14, so each arity is its own type) feed `arg` parameters in order.

private final class AAReport: Sendable {
    let text: String
    init(text: String) { self.text = text }
}

private final class AAScreen {
    var one = AsyncProvider1<AAReport, Int>()
    var five = AsyncProvider5<AAReport, Int, String, Bool, Double, String>()
}

@Suite struct AsyncArityTests {
    private func makeContainer() -> DIContainer {
        let container = DIContainer()
        container.register { AAReport(text: "\(arg($0) as Int)") }.as(AAReport.self, name: "1")
        container.register {
            AAReport(
                text:
                    "\(arg($0) as Int) \(arg($1) as String) \(arg($2) as Bool) \(arg($3) as Double) \(arg($4) as String)"
            )
        }
        .as(AAReport.self, name: "5")
        return container
    }

    @Test func everyArityFeedsTheArgumentsInOrder() async {
        let container = makeContainer()
        let one: AsyncProvider1<AAReport, Int> = await container.resolve(name: "1")
        let five: AsyncProvider5<AAReport, Int, String, Bool, Double, String> = await container.resolve(name: "5")
        #expect(await one.value(7).text == "7")
        #expect(await five.value(1, "two", true, 4.5, "five").text == "1 two true 4.5 five")
    }

    @Test func aWrongArgumentListFailsWhenHandedOut() {
        let container = makeContainer()
        let error = #expect(throws: DIError.self) {
            let _: AsyncProvider4<AAReport, Int, String, Bool, Double> = try container.tryResolve(name: "5")
        }
        #expect(error?.kind == .argumentMismatch)
    }

    @Test func placeholdersAreReplacedByInjections() async {
        let container = makeContainer()
        container.register(AAScreen.init)
            .injection(name: "1", \.one)
            .injection(name: "5", \.five)
        let screen: AAScreen = await container.resolve()
        #expect(await screen.one.value(3).text == "3")
        #expect(await screen.five.value(0, "a", false, 1, "b").text == "0 a false 1.0 b")
    }
}
