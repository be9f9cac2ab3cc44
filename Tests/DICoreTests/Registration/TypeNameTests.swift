import DICore
import Testing

// Errors, traces and graphs name a type as it is written where it is used: its enclosing
// types kept, its module dropped (`String(reflecting:)` without the module).

final class TNPlain {}

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
        #expect(try name { $0.register { [String: TNOuter.Inner]() } } == "Dictionary<String, TNOuter.Inner>")
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
        #expect(try name { $0.register([Int].TNPage.init) } == "Array<Int>.TNPage")
        let raw = try name { $0.register(TNRaw.`Raw Inner`.init) }
        #expect(raw == "TNRaw.`Raw Inner`")
    }

    /// A type declared in a method is named after the type of the method.
    @Test func aLocalTypeIsNamedAfterTheTypeItIsDeclaredIn() throws {
        final class Local {}
        #expect(try name { $0.register(Local.init) } == "TypeNameTests.Local")
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
