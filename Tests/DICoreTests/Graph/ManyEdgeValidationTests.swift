import DICore
import Testing

// An unqualified `many` gathers every component of the type, those registered only under a
// name or tag too: the graph's edge points at each, so validation sees what a resolve meets.

private protocol MEMember: AnyObject {}

private final class MEHolder {
    init(all: [any MEMember]) {}
}

/// A member that needs the holder: a loop through `many`.
private final class MELooping: MEMember {
    init(holder: MEHolder) {}
}

private final class MEMissing {}

/// A member that needs what nothing registers.
private final class MEBroken: MEMember {
    init(missing: MEMissing) {}
}

@Suite struct ManyEdgeValidationTests {
    @Test(arguments: [false, true])
    func aLoopThroughANamedOrTaggedMemberIsReported(tagged: Bool) {
        let container = DIContainer()
        container.register { (all: DIMany<any MEMember>) in MEHolder(all: many(all)) }
        let member = container.register { (holder: MEHolder) in MELooping(holder: holder) }
        if tagged {
            member.as((any MEMember).self, tag: MEHolder.self)
        } else {
            member.as((any MEMember).self, name: "looping")
        }

        let errors = container.makeGraph().validate().filter { $0.severity == .error }

        #expect(errors.contains { $0.message.contains("MEHolder") && $0.message.contains("MELooping") })
        let resolved: Result<MEHolder, DIError> = Result { () throws(DIError) in try container.tryResolve() }
        #expect((try? resolved.get()) == nil, "validation and the resolve disagree")
    }

    @Test func aRootsNamedMemberMissingADependencyIsReported() {
        let container = DIContainer()
        container.register { (all: DIMany<any MEMember>) in MEHolder(all: many(all)) }.root()
        container.register(MEBroken.init).as((any MEMember).self, name: "broken")

        let errors = container.makeGraph().validate().filter { $0.severity == .error }

        #expect(errors.contains { $0.message.contains("MEBroken needs MEMissing") })
        #expect(!container.makeGraph().checkIsValid())
    }
}
