import DICore
import DIParts
import Testing

final class ARSharedLogger {}
final class ARLoggingPart: DIPart {
    static func load(container: DIContainer) {
        container.register(ARSharedLogger.init).lifetime(.perFramework(.single))
    }
}
final class ARFeedFramework: DIFramework {
    static func load(container: DIContainer) { container.append(part: ARLoggingPart.self) }
}
final class ARChatFramework: DIFramework {
    static func load(container: DIContainer) { container.append(part: ARLoggingPart.self) }
}
final class ARNeverAppended: DIFramework {
    static func load(container: DIContainer) {}
}
final class ARImportsAnUnloadedOne: DIFramework {
    static func load(container: DIContainer) { container.import(ARNeverAppended.self) }
}

final class ARBothThing {}
/// Both a part and a framework: it loads once per container, as what it was first appended as.
final class ARPartAndFramework: DIPart, DIFramework {
    static func load(container: DIContainer) { container.register(ARBothThing.init) }
}

/// A part loads once per container, in the first framework that appends it; an `append` or
/// `import` that has no effect says so.
@Suite struct AppendRuleTests {
    @Test func aPartAppendedByASecondFrameworkBelongsToTheFirstAndTheSecondAppendSaysSo() throws {
        let container = DIContainer()
        let log = EventLog()
        container.addObserver(log)
        container.append(framework: ARFeedFramework.self)
        container.append(framework: ARChatFramework.self)

        let logger = try #require(log.all.first { $0.kind == .registered }?.component)
        #expect(logger.framework == "ARFeedFramework")
        let warning = try #require(log.diagnostics.first { $0.kind == .misuse })
        #expect(warning.severity == .warning)
        #expect(
            warning.message.hasPrefix(
                "ARChatFramework's append(part: ARLoggingPart.self) has no effect: ARLoggingPart was loaded by ARFeedFramework first"
            )
        )
        #expect(container.makeGraph().validate().map(\.message) == [warning.message])
    }

    @Test func appendingAPartAgainFromTheSameFrameworkIsHarmless() {
        let container = DIContainer()
        container.append(framework: ARFeedFramework.self)
        container.append(framework: ARFeedFramework.self)
        container.append(part: ARLoggingPart.self)  // top level: still a different home
        let found = container.makeGraph().validate()
        #expect(found.count == 1)
        #expect(found.first?.message.hasPrefix("append(part: ARLoggingPart.self) has no effect") == true)
    }

    @Test func importingAFrameworkNeverAppendedIsAValidationWarning() throws {
        let container = DIContainer()
        container.append(framework: ARImportsAnUnloadedOne.self)
        let found = container.makeGraph().validate()
        try #require(found.count == 1)
        let warning = found[0]
        #expect(warning.kind == .misuse)
        #expect(
            warning.message.hasPrefix(
                "ARImportsAnUnloadedOne imports ARNeverAppended, which is never appended to this container"
            )
        )
        container.append(framework: ARNeverAppended.self)
        #expect(container.makeGraph().validate().isEmpty)
    }

    @Test func aFrameworkAppendedInTheParentCountsAsLoaded() {
        let parent = DIContainer()
        parent.append(framework: ARNeverAppended.self)
        let child = DIContainer(parent: parent)
        child.append(framework: ARImportsAnUnloadedOne.self)
        #expect(child.makeGraph().validate().isEmpty)
    }

    /// Appended as a part, then as a framework (or the other way): the second append has no
    /// effect, and says so, where it would leave the framework's registrations nowhere.
    @Test(arguments: [true, false])
    func appendingATypeAsTheOtherKindSaysSo(partFirst: Bool) throws {
        let container = DIContainer()
        let log = EventLog()
        container.addObserver(log)
        if partFirst {
            container.append(part: ARPartAndFramework.self)
            container.append(framework: ARPartAndFramework.self)
        } else {
            container.append(framework: ARPartAndFramework.self)
            container.append(part: ARPartAndFramework.self)
        }
        let made: [ARBothThing] = container.resolveMany()
        #expect(made.count == 1)
        let warning = try #require(log.diagnostics.first { $0.kind == .misuse })
        let call = partFirst ? "append(framework: ARPartAndFramework.self)" : "append(part: ARPartAndFramework.self)"
        #expect(
            warning.message.hasPrefix(
                "\(call) has no effect: ARPartAndFramework was appended as \(partFirst ? "a part" : "a framework") first"
            )
        )
        #expect(container.makeGraph().validate().map(\.message) == [warning.message])
    }
}

/// A clean of a part or framework nothing in the container's chain appended drops nothing:
/// it says so, naming the call.
@Suite struct CleanOfUnappendedTests {
    @Test func cleaningAPartOrFrameworkNeverAppendedWarns() {
        let container = DIContainer()
        let log = EventLog()
        container.addObserver(log)
        container.clean(part: ARLoggingPart.self)
        container.clean(framework: ARNeverAppended.self)
        #expect(
            log.diagnostics.filter { $0.kind == .misuse && $0.severity == .warning }.map(\.message) == [
                "clean(part: ARLoggingPart.self) has no effect: ARLoggingPart was never appended to this container or its ancestors, so none of its instances are kept here",
                "clean(framework: ARNeverAppended.self) has no effect: ARNeverAppended was never appended to this container or its ancestors, so none of its instances are kept here",
            ]
        )
    }

    @Test func cleaningWhatTheContainerItselfAppendedDoesNotWarn() {
        let parent = DIContainer()
        parent.append(framework: ARFeedFramework.self)
        let log = EventLog()
        parent.addObserver(log)
        parent.clean(part: ARLoggingPart.self)
        parent.clean(framework: ARFeedFramework.self)
        #expect(log.all.filter { $0.kind == .cleaned }.count == 2)
        #expect(log.diagnostics.isEmpty)
    }

    /// A plain child keeps none of its parent's instances: its clean of the parent's
    /// framework leaves the parent's instance in place, and says where the clean belongs.
    @Test func aPlainChildCleaningItsParentsFrameworkWarns() {
        let parent = DIContainer()
        parent.append(framework: ARFeedFramework.self)
        let child = DIContainer(parent: parent)
        let kept: ARSharedLogger = child.resolve()
        let log = EventLog()
        parent.addObserver(log)
        child.clean(framework: ARFeedFramework.self)
        child.clean(part: ARLoggingPart.self)
        #expect(child.resolve() as ARSharedLogger === kept)
        #expect(
            log.diagnostics.filter { $0.kind == .misuse && $0.severity == .warning }.map(\.message) == [
                "clean(framework: ARFeedFramework.self) has no effect: ARFeedFramework was appended to an ancestor of this container, and its instances are kept there: a child that does not isolate instances keeps none of its ancestors' (call clean(framework: ARFeedFramework.self) on that ancestor)",
                "clean(part: ARLoggingPart.self) has no effect: ARLoggingPart was appended to an ancestor of this container, and its instances are kept there: a child that does not isolate instances keeps none of its ancestors' (call clean(part: ARLoggingPart.self) on that ancestor)",
            ]
        )
        parent.clean(framework: ARFeedFramework.self)
        #expect(child.resolve() as ARSharedLogger !== kept)
    }

    /// An isolating child keeps its own copies of its ancestors' instances: its clean drops
    /// those, as asked, and leaves the parent's.
    @Test func anIsolatingChildCleaningItsParentsFrameworkDropsItsCopyWithoutAWarning() {
        let parent = DIContainer()
        parent.append(framework: ARFeedFramework.self)
        let child = DIContainer(isolatedFrom: parent)
        let parents: ARSharedLogger = parent.resolve()
        let copy: ARSharedLogger = child.resolve()
        let log = EventLog()
        parent.addObserver(log)
        child.clean(framework: ARFeedFramework.self)
        #expect(child.resolve() as ARSharedLogger !== copy)
        #expect(parent.resolve() as ARSharedLogger === parents)
        #expect(log.diagnostics.isEmpty)
    }

    /// A plain child of an isolating one: the isolating container keeps its copies, and the
    /// warning sends the clean there, where it drops them.
    @Test func aPlainChildOfAnIsolatingOneIsSentToTheIsolatingOne() throws {
        let app = DIContainer()
        app.append(framework: ARFeedFramework.self)
        let isolating = DIContainer(isolatedFrom: app)
        let plain = DIContainer(parent: isolating)
        let kept: ARSharedLogger = plain.resolve()
        let log = EventLog()
        app.addObserver(log)
        plain.clean(framework: ARFeedFramework.self)
        let warning = try #require(log.diagnostics.first { $0.kind == .misuse })
        #expect(
            warning.message
                == "clean(framework: ARFeedFramework.self) has no effect: ARFeedFramework's instances are kept, as copies, by the nearest isolating ancestor of this container: a child that does not isolate instances keeps none of its ancestors' (call clean(framework: ARFeedFramework.self) on that ancestor)"
        )
        #expect(plain.resolve() as ARSharedLogger === kept)
        isolating.clean(framework: ARFeedFramework.self)
        #expect(plain.resolve() as ARSharedLogger !== kept)
    }

    /// A type both a part and a framework, appended as a framework and cleaned as a part
    /// (and the other way round), drops nothing: the warning names the clean that would.
    @Test(arguments: [true, false]) func cleaningAPartAndFrameworkAsTheOtherWarns(appendedAsFramework: Bool) throws {
        let container = DIContainer()
        if appendedAsFramework {
            container.append(framework: ARPartAndFramework.self)
        } else {
            container.append(part: ARPartAndFramework.self)
        }
        let log = EventLog()
        container.addObserver(log)
        if appendedAsFramework {
            container.clean(part: ARPartAndFramework.self)
            container.clean(framework: ARPartAndFramework.self)
        } else {
            container.clean(framework: ARPartAndFramework.self)
            container.clean(part: ARPartAndFramework.self)
        }
        let messages = log.diagnostics.filter { $0.kind == .misuse }.map(\.message)
        let (wrong, right) = appendedAsFramework ? ("part", "framework") : ("framework", "part")
        #expect(
            messages == [
                "clean(\(wrong): ARPartAndFramework.self) has no effect: ARPartAndFramework was appended to this container as a \(right), and a type that is both a DIPart and a DIFramework loads as what it was first appended as (call clean(\(right): ARPartAndFramework.self))"
            ]
        )
    }
}
