import DICore
import TestSupport
import Testing

// A process-wide instance is keyed by its registration's line, type, names and tags: one line
// registering a type several times in one container (a loop, a helper) gives them all one
// instance. Validation says so.

private protocol SLVRegion: AnyObject, Sendable {
    var name: String { get }
}

private final class SLVNamedRegion: SLVRegion {
    let name: String
    init(_ name: String) { self.name = name }
}

@Suite struct SharedLineValidationTests {
    private static func registerRegions(
        _ names: [String],
        in container: DIContainer,
        line: UInt,
        named: Bool = false
    ) {
        for name in names {
            let builder = container.register(line: line) { SLVNamedRegion(name) }.lifetime(.perApplication(.single))
            if named {
                builder.as((any SLVRegion).self, name: name)
            } else {
                builder.as((any SLVRegion).self)
            }
        }
    }

    @Test func oneLineRegisteringATypeTwiceInAContainerIsWarnedOf() throws {
        let container = DIContainer()
        Self.registerRegions(["eu", "us"], in: container, line: uniqueLine())

        let warnings = container.makeGraph().validate().filter { $0.message.contains("shared instance") }

        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.severity == .warning)
        #expect(warning.kind == .misuse)
        #expect(warning.component?.typeName == "SLVNamedRegion")
        #expect(warning.message.contains("is registered 2 times at "))
        // What it warns of: both registrations answer with the first one made.
        let regions: [any SLVRegion] = container.resolveMany()
        #expect(regions.map(\.name) == ["eu", "eu"])
    }

    @Test func namesOnOneLineOrOneLineInTwoContainersAreNotWarnedOf() {
        let named = DIContainer()
        Self.registerRegions(["eu", "us"], in: named, line: uniqueLine(), named: true)
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        let line = uniqueLine()
        Self.registerRegions(["eu"], in: parent, line: line)
        Self.registerRegions(["eu"], in: child, line: line)

        for container in [named, child] {
            #expect(!container.makeGraph().validate().contains { $0.message.contains("shared instance") })
        }
        let regions: [any SLVRegion] = named.resolveMany()
        #expect(regions.map(\.name) == ["eu", "us"])
    }
}
