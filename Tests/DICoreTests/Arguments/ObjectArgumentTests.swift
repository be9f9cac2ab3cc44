import DICore
import Testing

// Every value `is AnyObject` at run time (boxed, or bridged to an `NSNumber`), but Swift
// lets a call pass only class instances for an `AnyObject` parameter: an `arg` of that type
// takes what the call would, and anything else is an `.argumentMismatch`.

private final class OAToken {}

private final class OAHolder: @unchecked Sendable {
    // @unchecked Sendable: immutable after init.
    let object: AnyObject
    let spare: AnyObject?
    init(object: AnyObject, spare: AnyObject?) { (self.object, self.spare) = (object, spare) }
}

@Suite struct ObjectArgumentTests {
    private func container() -> DIContainer {
        let container = DIContainer()
        container.register { OAHolder(object: arg($0), spare: arg($1)) }
        return container
    }

    @Test func aClassInstanceFits() throws {
        let token = OAToken()
        let holder: OAHolder = try container().tryResolve(args: token)
        let isToken = holder.object === token
        let spareIsNil = holder.spare == nil
        #expect(isToken && spareIsNil)
        let both: OAHolder = try container().tryResolve(args: token, token)
        let spareIsToken = both.spare === token
        #expect(spareIsToken)
    }

    @Test func aValueOfAnotherKindIsAMismatch() {
        let container = container()
        let number = #expect(throws: DIError.self) { let _: OAHolder = try container.tryResolve(args: 5) }
        #expect(number?.kind == .argumentMismatch)
        let text = #expect(throws: DIError.self) { let _: OAHolder = try container.tryResolve(args: "five") }
        #expect(text?.kind == .argumentMismatch)
        let spare = #expect(throws: DIError.self) {
            let _: OAHolder = try container.tryResolve(args: OAToken(), 5)
        }
        #expect(spare?.kind == .argumentMismatch)
    }

    /// A `nil` fits an `AnyObject?` only, and as for any optional parameter by the type it
    /// was passed as: one of a class, or the untyped spelling.
    @Test func aNilFitsTheOptionalOneByItsType() throws {
        let container = container()
        let noToken: OAToken? = nil
        let required = #expect(throws: DIError.self) { let _: OAHolder = try container.tryResolve(args: noToken) }
        #expect(required?.kind == .argumentMismatch)
        let noNumber: Int? = nil
        let typed = #expect(throws: DIError.self) {
            let _: OAHolder = try container.tryResolve(args: OAToken(), noNumber)
        }
        #expect(typed?.kind == .argumentMismatch)
        let ofAClass: OAHolder = try container.tryResolve(args: OAToken(), noToken)
        let untyped: OAHolder = try container.tryResolve(args: OAToken(), nil)
        let bothNil = ofAClass.spare == nil && untyped.spare == nil
        #expect(bothNil)
    }

    /// A `Provider1` … or `Lazy1` … passing a struct or an enum for an `AnyObject` parameter
    /// could never pass a value, so it is refused when handed out, and validation reports
    /// it; a class, an existential (checked value by value) and, for the `AnyObject?`, an
    /// optional of a class are handed out.
    @Test func aProviderOfAValueTypeIsRefusedAtHandOut() throws {
        let container = container()
        let number = #expect(throws: DIError.self) {
            let _: Provider2<OAHolder, Int, OAToken> = try container.tryResolve()
        }
        #expect(number?.kind == .argumentMismatch)
        let text = #expect(throws: DIError.self) { let _: Lazy1<OAHolder, String> = try container.tryResolve() }
        #expect(text?.kind == .argumentMismatch)
        let optionalNumber = #expect(throws: DIError.self) {
            let _: Provider2<OAHolder, OAToken, Int?> = try container.tryResolve()
        }
        #expect(optionalNumber?.kind == .argumentMismatch)

        let tokens: Provider2<OAHolder, OAToken, OAToken?> = try container.tryResolve()
        let token = OAToken()
        let isToken = try tokens.tryValue(token, nil).object === token
        #expect(isToken)
        let _: Provider2<OAHolder, AnyObject, Any?> = try container.tryResolve()
        let _: Provider1<OAHolder, any Sendable> = try container.tryResolve()

        final class OAScreen {
            init(numbers: Provider1<OAHolder, Int>) {}
        }
        container.register(OAScreen.init)
        let found = container.makeGraph().validate().filter { $0.severity == .error }
        #expect(found.map(\.kind) == [.argumentMismatch])
    }
}
