import DICore
import DIRuntime

/// The state behind ``DISetting/Log``, and the one global observer that writes through it.
final class GlobalLog: Sendable {
    struct Settings {
        var fun: DILogFunc? = { _, message in StandardError.write(message) }
        var level = DILogLevel.warning
        var tab = "  "
    }

    private struct State {
        var settings = Settings()
        var installed = false
    }

    static let shared = GlobalLog()

    private let state = Locked(State())

    /// The logger reads the settings on every event, so a change applies at once.
    private static let logger: DIConsoleLogger = DIConsoleLogger {
        let settings = GlobalLog.shared.settings
        return DIConsoleLogger.Settings(level: settings.level, tab: settings.tab, write: settings.fun ?? { _, _ in })
    }

    var settings: Settings {
        state.withLock { $0.settings }
    }

    /// Changes the settings, then installs or removes the global observer to match.
    func change(_ body: (inout Settings) -> Void) {
        let (install, uninstall) = state.withLock { state in
            body(&state.settings)
            let wanted = state.settings.level != .none && state.settings.fun != nil
            // Once logging is set up, findings go through it, or nowhere when it is off.
            UnobservedDiagnostics.isEnabled = wanted
            defer { state.installed = wanted }
            return (wanted && !state.installed, !wanted && state.installed)
        }
        // Outside the lock: the container's observer list has a lock of its own.
        if install { DIContainer.addGlobalObserver(Self.logger) }
        if uninstall { DIContainer.removeGlobalObserver(Self.logger) }
    }

    /// Puts the settings back as the process started them: the defaults, no global observer,
    /// and validation's unobserved findings written to standard error.
    func reset() {
        let uninstall = state.withLock { state in
            state.settings = Settings()
            UnobservedDiagnostics.isEnabled = true
            defer { state.installed = false }
            return state.installed
        }
        if uninstall { DIContainer.removeGlobalObserver(Self.logger) }
    }
}
