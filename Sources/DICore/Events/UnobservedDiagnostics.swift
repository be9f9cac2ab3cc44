import DIRuntime

/// Where ``DIGraph/checkIsValid(checkGraphCycles:)`` writes what it found when no observer
/// would hear it: standard error, one `error: …` or `warning: …` line each, as a logger
/// at its default level would.
///
/// A logging setup takes over: DILogging's `DISetting.Log` installs an observer (which then
/// hears them), or, set to `.none` or a `nil` function, switches this off too.
package enum UnobservedDiagnostics {
    private static let enabled = Locked(true)

    /// Whether findings nobody observes go to standard error.
    package static var isEnabled: Bool {
        get { enabled.withLock { $0 } }
        set { enabled.withLock { $0 = newValue } }
    }

    /// Writes `diagnostic`, unless switched off.
    static func write(_ diagnostic: DIDiagnostic) {
        guard isEnabled else { return }
        StandardError.write(diagnostic.description)
    }
}
