import DICore
import DILogging
import Testing

// A `Lazy` or `Provider` parameter is handed out, not resolved, and has no node of its own
// in a trace: when its target cannot be chosen, the holder's node fails, and its line says
// where below it the failure happened, since no node there says it.

private final class DTMissing {}

private final class DTLazyHolder {
    init(missing: Lazy<DTMissing>) {}
}

private final class DTProviderHolder {
    init(missing: Provider<DTMissing>) {}
}

private final class DTScreen {
    init(holder: DTLazyHolder) {}
}

@Suite struct DelayedTargetFailureTraceTests {
    private func failedLines<T>(_ type: T.Type, register: (DIContainer) -> Void) throws -> [Substring] {
        let container = DIContainer()
        register(container)
        let recorder = DITraceRecorder()
        container.addObserver(recorder)
        #expect(throws: DIError.self) { let _: T = try container.tryResolve() }
        let trace = try #require(recorder.traces.last)
        return trace.render().split(separator: "\n")
    }

    @Test func aLazysMissingTargetIsNamedOnItsHoldersLine() throws {
        let lines = try failedLines(DTLazyHolder.self) { $0.register(DTLazyHolder.init) }
        #expect(lines.count == 1)
        #expect(
            lines.first?.contains(
                "resolve DTLazyHolder → failed: nothing is registered for it (at Lazy<DTMissing> → DTMissing)"
            ) == true,
            "\(lines)"
        )
    }

    @Test func aProvidersToo() throws {
        let lines = try failedLines(DTProviderHolder.self) { $0.register(DTProviderHolder.init) }
        let expected = "failed: nothing is registered for it (at Provider<DTMissing> → DTMissing)"
        #expect(lines.first?.contains(expected) == true, "\(lines)")
    }

    /// Deeper, only the holder's line says it: its callers' lines say they failed.
    @Test func deeperTheCallersLinesStayShort() throws {
        let lines = try failedLines(DTScreen.self) { container in
            container.register(DTScreen.init)
            container.register(DTLazyHolder.init)
        }
        #expect(lines.count == 2)
        #expect(lines.first?.contains("resolve DTScreen → failed ") == true, "\(lines)")
        let expected = "resolve DTLazyHolder → failed: nothing is registered for it (at Lazy<DTMissing> → DTMissing)"
        #expect(lines.last?.contains(expected) == true, "\(lines)")
    }
}
