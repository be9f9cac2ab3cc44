import DICore
import DILazy
import Testing

private final class PADetail {
    let id: String
    init(id: String, pinned: Bool) { self.id = id }
}
private class PAShape {}
private final class PASquare: PAShape {}
private protocol PALabel {}
extension String: PALabel {}
private final class PACard {
    init(shape: PAShape, label: any PALabel) {}
}
private final class PAMissing {}
private final class PANeedsMissing {
    init(missing: PAMissing, id: String) {}
}
private final class PAHolder {
    init(details: Provider2<PADetail, Int, Bool>) {}
}

/// A Provider/Lazy is checked at hand-out, types as well as count, and has a throwing accessor.
@Suite struct ProviderArgumentTests {
    private func container() -> DIContainer {
        let container = DIContainer()
        container.register { PADetail(id: arg($0), pinned: arg($1)) }
        return container
    }

    @Test func wrongArgumentTypesFailAtHandOutNamingBothLists() {
        let container = container()
        #expect {
            let _: Provider2<PADetail, Int, Bool> = try container.tryResolve()
        } throws: { error in
            guard let error = error as? DIError, error.kind == .argumentMismatch else { return false }
            return error.reason
                == "its arg parameters are (String, Bool) but the Provider/Lazy handed out for it passes (Int, Bool)"
        }
        #expect(throws: DIError.self) { let _: Lazy2<PADetail, Bool, String> = try container.tryResolve() }
    }

    @Test func aWrongCountSaysWhatTheProviderPassesNotWhatWasGiven() {
        let container = container()
        #expect {
            let _: Provider1<PADetail, String> = try container.tryResolve()
        } throws: { error in
            (error as? DIError)?.reason
                == "its arg parameters are (String, Bool) but the Provider/Lazy handed out for it passes (String)"
        }
    }

    @Test func matchingTypesSubclassesAndExistentialsAreHandedOut() throws {
        let container = container()
        container.register { PACard(shape: arg($0), label: arg($1)) }
        let details: Provider2<PADetail, String, Bool> = try container.tryResolve()
        #expect(details.value("7", true).id == "7")
        let cards: Provider2<PACard, PASquare, String> = try container.tryResolve()
        _ = try cards.tryValue(PASquare(), "a string is a PALabel")
    }

    /// A value passed as an existential is checked when the provider is used, and the error
    /// names what it is, not the static `Any` it was passed as.
    @Test func aValueThatDoesNotFitIsNamedByItsOwnType() throws {
        let container = container()
        container.register { PACard(shape: arg($0), label: arg($1)) }
        let cards: Provider2<PACard, PAShape, Any> = try container.tryResolve()
        _ = try cards.tryValue(PASquare(), "a label")
        #expect {
            _ = try cards.tryValue(PASquare(), 5)
        } throws: { error in
            (error as? DIError)?.reason
                == "its arg parameters are (PAShape, PALabel) but the arguments given are (PASquare, Int)"
        }
    }

    @Test func validationReportsTheSameMismatch() {
        let container = container()
        container.register(PAHolder.init)
        let found = container.makeGraph().validate()
        #expect(found.map(\.kind) == [.argumentMismatch])
        #expect(found.first?.message.contains("(Int, Bool)") == true)
        #expect(found.first?.message.contains("(String, Bool)") == true)
    }

    @Test func tryValueThrowsTheContainersErrorInsteadOfTrapping() {
        let container = DIContainer()
        container.register { PANeedsMissing(missing: $0, id: arg($1)) }
        let provider: Provider1<PANeedsMissing, String> = container.resolve()
        #expect {
            _ = try provider.tryValue("x")
        } throws: { error in
            (error as? DIError)?.kind == .notRegistered && (error as? DIError)?.requested == "PAMissing"
        }
    }

    @Test func aLazyThatFailedKeepsNothingAndTriesAgain() throws {
        let container = DIContainer()
        container.register { PANeedsMissing(missing: $0, id: arg($1)) }
        let lazy: Lazy1<PANeedsMissing, String> = container.resolve()
        #expect(throws: DIError.self) { _ = try lazy.tryValue("x") }
        #expect(!lazy.wasMade)
        container.register(PAMissing.init)
        _ = try lazy.tryValue("x")
        #expect(lazy.wasMade)
    }

    @Test func aProviderMadeByHandNeverThrows() throws {
        let provider = Provider1<Int, Int> { $0 * 2 }
        #expect(try provider.tryValue(21) == 42)
    }
}

extension ProviderArgumentTests {
    @Test func theHandOutErrorNamesTheDelayedRequest() {
        let container = container()
        do {
            let _: Provider2<PADetail, Int, Bool> = try container.tryResolve()
            Issue.record("handed out")
        } catch {
            #expect(
                error.description.hasPrefix(
                    "cannot resolve PADetail: its arg parameters are (String, Bool) but the Provider/Lazy handed out for it passes (Int, Bool)"
                )
            )
        }
    }
}

// `resolve(args:)` of a `Lazy`/`Provider`: the arguments would not reach its later resolve.

private final class PAPlain: Sendable {}

extension ProviderArgumentTests {
    private static func isArgumentsForDelayed(_ error: any Error, naming type: String) -> Bool {
        guard let error = error as? DIError, error.kind == .argumentMismatch else { return false }
        return error.reason.contains("would not reach \(type)") && error.reason.contains("Provider1")
    }

    @Test func argumentsGivenToALazyOrProviderAreAnErrorNotDropped() {
        let container = container()
        container.register(PAPlain.init)
        #expect { let _: Lazy<PAPlain> = try container.tryResolve(args: 5) } throws: {
            Self.isArgumentsForDelayed($0, naming: "PAPlain")
        }
        #expect { let _: Provider<PAPlain> = try container.tryResolve(args: 5) } throws: {
            Self.isArgumentsForDelayed($0, naming: "PAPlain")
        }
        // Even when they would fit: the Lazy's own resolve, later, would not get them.
        #expect { let _: Lazy<PADetail> = try container.tryResolve(args: "a", true) } throws: {
            Self.isArgumentsForDelayed($0, naming: "PADetail")
        }
        #expect { let _: Provider2<PADetail, String, Bool> = try container.tryResolve(args: "a", true) } throws: {
            Self.isArgumentsForDelayed($0, naming: "PADetail")
        }
        // Without them, as before; and the component itself takes them.
        let plain: Lazy<PAPlain> = container.resolve()
        #expect(type(of: plain.value) == PAPlain.self)
        let detail: PADetail = container.resolve(args: "a", true)
        #expect(detail.id == "a")
    }

    @Test func argumentsGivenToAnAwaitedProviderAreAnErrorToo() async {
        let container = container()
        await #expect {
            let _: AsyncProvider<PADetail> = try await container.tryResolve(args: "a", true)
        } throws: {
            Self.isArgumentsForDelayed($0, naming: "PADetail")
        }
    }
}
