import DICore
import Testing

// Errors, traces and graphs name a type as it is written where it is used: its enclosing
// types kept, its module dropped (`String(reflecting:)` without the module).

final class TNPlain {}
final class TNShared: Sendable {}

enum TNOuter {
    final class Inner {}
    enum Deeper {
        final class Deepest {}
    }
}

private enum TNPrivateOuter {
    final class Config {}
}

final class TNBox<Content> {
    final class Inner {}
    fileprivate final class Hidden {}
}

extension Array {
    final class TNPage {}
}

enum TNRaw {
    final class `Raw Inner` {}
}

struct TNSettings {
    fileprivate final class Config {}
}

struct TNFeed {
    fileprivate final class Config {}
}

protocol TNSpeaking {}
protocol TNWalking {}
protocol TNStore<Item> {
    associatedtype Item
}

/// Another module's types named as the standard library's shortened ones.
enum TNLookalikes {
    struct Optional<Wrapped> {}
    fileprivate final class Array<Element> {}
    struct Dictionary<Key, Value> {}
}

extension Optional {
    final class TNMember {}
}

extension Dictionary {
    final class TNPage {}
}

/// Named as the standard library's `Duration`: only their modules tell the two apart.
private struct Duration {}

@Suite struct TypeNameTests {
    private func name(registering register: (DIContainer) -> Void) throws -> String {
        let container = DIContainer()
        register(container)
        let vertices = container.makeGraph().vertices
        #expect(vertices.count == 1)
        return try #require(vertices.first).typeName
    }

    @Test func aTypeIsNamedWithTheTypesItIsNestedIn() throws {
        #expect(try name { $0.register(TNPlain.init) } == "TNPlain")
        #expect(try name { $0.register(TNOuter.Inner.init) } == "TNOuter.Inner")
        #expect(try name { $0.register(TNOuter.Deeper.Deepest.init) } == "TNOuter.Deeper.Deepest")
        #expect(try name { $0.register(TNPrivateOuter.Config.init) } == "TNPrivateOuter.Config")
    }

    @Test func genericArgumentsAndTypesNestedInAGenericTypeKeepTheirNames() throws {
        #expect(try name { $0.register(TNBox<TNOuter.Inner>.init) } == "TNBox<TNOuter.Inner>")
        #expect(try name { $0.register(TNBox<Int>.Inner.init) } == "TNBox<Int>.Inner")
        #expect(try name { $0.register { [String: TNOuter.Inner]() } } == "[String: TNOuter.Inner]")
    }

    /// A private type keeps the types it is nested in, as a public one does: two private
    /// `Config`s of two types are told apart.
    @Test func aPrivateTypeKeepsTheTypesItIsNestedIn() throws {
        #expect(try name { $0.register(TNSettings.Config.init) } == "TNSettings.Config")
        #expect(try name { $0.register(TNFeed.Config.init) } == "TNFeed.Config")
        #expect(try name { $0.register(TNBox<Int>.Hidden.init) } == "TNBox<Int>.Hidden")
    }

    /// A type nested in an extension of another module's type, and a raw identifier.
    @Test func extensionsAndRawIdentifiersKeepTheirNames() throws {
        #expect(try name { $0.register([Int].TNPage.init) } == "[Int].TNPage")
        let raw = try name { $0.register(TNRaw.`Raw Inner`.init) }
        #expect(raw == "TNRaw.`Raw Inner`")
    }

    /// A type declared in a method is named after the type of the method.
    @Test func aLocalTypeIsNamedAfterTheTypeItIsDeclaredIn() throws {
        final class Local {}
        #expect(try name { $0.register(Local.init) } == "TypeNameTests.Local")
    }

    /// `Optional`, `Array` and `Dictionary` read as they are written, at any depth.
    @Test func theStandardLibrarysShorthandIsUsed() throws {
        #expect(try name { $0.register(TNBox<Int?>.init) } == "TNBox<Int?>")
        #expect(try name { $0.register { [TNPlain]() } } == "[TNPlain]")
        #expect(try name { $0.register { [[Int?]?]() } } == "[[Int?]?]")
        #expect(try name { $0.register(TNBox<[Int?]?>.init) } == "TNBox<[Int?]?>")
        #expect(try name { $0.register(TNBox<Int??>.init) } == "TNBox<Int??>")
        #expect(try name { $0.register { [String: [TNBox<Int>?]]() } } == "[String: [TNBox<Int>?]]")
        #expect(
            try name { $0.register { [Int: TNBox<[String: TNOuter.Inner?]>]() } }
                == "[Int: TNBox<[String: TNOuter.Inner?]>]"
        )
        #expect(try name { $0.register { [(Int, label: String?)]() } } == "[(Int, label: String?)]")
    }

    /// A type of another module named `Optional`, `Array` or `Dictionary` is no shorthand.
    @Test func anotherModulesTypeOfAShortenedNameKeepsItsName() throws {
        #expect(try name { $0.register(TNLookalikes.Optional<Int>.init) } == "TNLookalikes.Optional<Int>")
        #expect(try name { $0.register(TNLookalikes.Array<Int?>.init) } == "TNLookalikes.Array<Int?>")
        #expect(
            try name { $0.register(TNLookalikes.Dictionary<String, [Int]>.init) }
                == "TNLookalikes.Dictionary<String, [Int]>"
        )
        #expect(
            try name { $0.register { [TNLookalikes.Optional<Int>?]() } } == "[TNLookalikes.Optional<Int>?]"
        )
    }

    /// An optional function type or existential is parenthesized, as Swift needs it to be:
    /// `(Int) -> String?` would be a function returning an optional.
    @Test func anOptionalOfAFunctionOrAnExistentialIsParenthesized() throws {
        #expect(try name { $0.register(TNBox<((Int) -> String)?>.init) } == "TNBox<((Int) -> String)?>")
        #expect(try name { $0.register(TNBox<((Int) -> TNBox<Int>)?>.init) } == "TNBox<((Int) -> TNBox<Int>)?>")
        #expect(
            try name { $0.register(TNBox<(@Sendable (Int) async throws -> [String: Int]?)?>.init) }
                == "TNBox<(@Sendable (Int) async throws -> [String: Int]?)?>"
        )
        #expect(try name { $0.register { [(Int) -> String]() } } == "[(Int) -> String]")
        #expect(
            try name { $0.register(TNBox<(any TNSpeaking & TNWalking)?>.init) } == "TNBox<(TNSpeaking & TNWalking)?>"
        )
        #expect(try name { $0.register(TNBox<(any TNSpeaking)?>.init) } == "TNBox<TNSpeaking?>")
        #expect(try name { $0.register(TNBox<(any TNStore<Int>)?>.init) } == "TNBox<(any TNStore<Int>)?>")
        #expect(try name { $0.register(TNBox<(Int, String)?>.init) } == "TNBox<(Int, String)?>")
    }

    /// A type nested in an extension of `Array` or `Dictionary` is written after the
    /// shorthand; one nested in `Optional`'s is not (`Int?.TNMember` is not how it is written).
    @Test func aTypeNestedInAShortenedTypeIsWrittenAsSwiftWritesIt() throws {
        #expect(try name { $0.register([Int?].TNPage.init) } == "[Int?].TNPage")
        #expect(try name { $0.register([String: Int].TNPage.init) } == "[String: Int].TNPage")
        #expect(try name { $0.register(Int?.TNMember.init) } == "Optional<Int>.TNMember")
        #expect(try name { $0.register([Int]?.TNMember.init) } == "Optional<[Int]>.TNMember")
        #expect(try name { $0.register(TNBox<Int?.Type>.init) } == "TNBox<Int?.Type>")
    }

    /// Where two types name alike, the hint names them with their modules, shorthand kept.
    @Test func twoModulesTypesOfOneNameAreToldApartWithTheShorthand() {
        let container = DIContainer()
        container.register { [Swift.Duration?]() }
        let result = Result { () throws(DIError) in try container.tryResolve() as [Duration?] }
        guard case .failure(let error) = result else {
            Issue.record("no error")
            return
        }
        #expect(error.path == ["[Duration?]"])
        #expect(error.reason.hasPrefix("nothing is registered for it; [Swift.Duration?] at DICoreTests/TypeNameTests"))
        #expect(error.reason.hasSuffix(" is another type named [Duration?] ([DICoreTests.Duration?] is asked for)"))
    }

    @Test func anErrorNamesAnArrayRequestWithTheShorthand() {
        let container = DIContainer()
        container.register { (_: [Int]) in TNOuter.Inner() }
        let result = Result { () throws(DIError) in try container.tryResolve() as TNOuter.Inner }
        guard case .failure(let error) = result else {
            Issue.record("no error")
            return
        }
        #expect(error.path == ["TNOuter.Inner", "[Int]"])
        #expect(error.description.hasPrefix("cannot resolve [Int]: nothing is registered for it"))
    }

    /// A dependency's label adds its own `?` (an optional request, an optional delayed
    /// value): around a function type, in parentheses, as it is written.
    @Test func anOptionalDependencyOfAFunctionTypeIsNamedAsWritten() {
        let container = DIContainer()
        container.register { (_: ((Int) -> String)?, _: Lazy<((Int) -> String)?>, _: [Int]?) in TNPlain() }
        #expect(
            container.makeGraph().edges.map(\.request) == [
                "((Int) -> String)?", "Lazy<((Int) -> String)?>", "[Int]?",
            ]
        )
    }

    /// Wrappers nest in the order they are written: the `?` of an element is inside its
    /// `many`, a delayed value's inside its `Lazy`, and a `many` of delayed values outside.
    @Test func nestedWrappersAreNamedInTheOrderTheyAreWritten() {
        let container = DIContainer()
        container.register {
            (
                _: DIMany<TNPlain?>,
                _: DIMany<TNPlain>?,
                _: Lazy<DIMany<TNPlain?>>,
                _: [Lazy<TNPlain>],
                _: DIMany<Lazy<TNPlain?>>,
                _: Provider<AsyncLazy<TNShared>>,
                _: AsyncProvider<Lazy<TNShared>?>
            ) in TNOuter.Inner()
        }
        #expect(
            container.makeGraph().edges.map(\.request) == [
                "[TNPlain?]", "[TNPlain]?", "Lazy<[TNPlain?]>", "[Lazy<TNPlain>]", "[Lazy<TNPlain?>]",
                "Provider<AsyncLazy<TNShared>>", "AsyncProvider<Lazy<TNShared>?>",
            ]
        )
    }

    @Test func anErrorNamesTheRequestAndItsChainSo() {
        let container = DIContainer()
        container.register { (_: TNOuter.Deeper.Deepest) in TNOuter.Inner() }
        let result = Result { () throws(DIError) in try container.tryResolve() as TNOuter.Inner }
        guard case .failure(let error) = result else {
            Issue.record("no error")
            return
        }
        #expect(error.path == ["TNOuter.Inner", "TNOuter.Deeper.Deepest"])
        #expect(error.description.hasPrefix("cannot resolve TNOuter.Deeper.Deepest: nothing is registered for it"))
    }
}
