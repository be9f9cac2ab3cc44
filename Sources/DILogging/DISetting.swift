import DICore

/// Global settings, spelled as in DITranquillity.
///
/// ```swift
/// DISetting.Log.level = .info
/// DISetting.Log.fun = { level, message in logger.log("\(level): \(message)") }
/// ```
public enum DISetting {
    /// The global log: every container's events, written through ``fun`` at ``level``.
    ///
    /// Setting any of these installs one global observer (`DIContainer.addGlobalObserver(_:)`);
    /// setting ``level`` to `.none` (or ``fun`` to `nil`) removes it, so containers are back
    /// to doing no event work.
    /// Until one is set, nothing is installed and nothing is logged: the values read then are
    /// the defaults a first setting starts from. So writing back what was read turns logging
    /// on at `.warning`; to undo a change (in a test, say), call ``reset()``.
    public enum Log {
        /// Receives each message with its level; `nil` switches logging off. Default: writes
        /// the message to standard error.
        ///
        /// It may resolve from a container; what it resolves is not logged (as with a
        /// ``DIConsoleLogger``'s sink), or logging it would call it again, without end.
        public static var fun: DILogFunc? {
            get { GlobalLog.shared.settings.fun }
            set { GlobalLog.shared.change { $0.fun = newValue } }
        }

        /// The most detailed messages written. Default: `.warning`. At `.info`, one line per
        /// top-level resolve; at `.verbose`, every resolve that starts at that level as an
        /// indented tree.
        public static var level: DILogLevel {
            get { GlobalLog.shared.settings.level }
            set { GlobalLog.shared.change { $0.level = newValue } }
        }

        /// What each nesting level of a resolve tree is indented by. Default: two spaces.
        public static var tab: String {
            get { GlobalLog.shared.settings.tab }
            set { GlobalLog.shared.change { $0.tab = newValue } }
        }

        /// Puts the global log back as the process started: the defaults, nothing installed
        /// (containers do no event work for it), and nothing logged but what
        /// `checkIsValid()` finds with no observer to hear it, written to standard error.
        ///
        /// ```swift
        /// DISetting.Log.level = .verbose
        /// defer { DISetting.Log.reset() }
        /// ```
        public static func reset() {
            GlobalLog.shared.reset()
        }
    }
}

extension DISetting {
    /// Defaults for registrations (DITranquillity's `DISetting.Defaults`).
    public enum Defaults {
        /// The lifetime a registration has until `.lifetime(…)` sets one. Default:
        /// `.prototype`. Registrations made before a change keep theirs.
        ///
        /// ```swift
        /// DISetting.Defaults.lifeTime = .objectGraph
        /// ```
        public static var lifeTime: DILifeTime {
            get { DILifeTime.registrationDefault }
            set { DILifeTime.registrationDefault = newValue }
        }
    }
}

/// What ``DISetting/Log/fun`` calls with each message and its level (DITranquillity's name).
public typealias DILogFunc = @Sendable (DILogLevel, String) -> Void

/// DITranquillity 3 spelling of ``DISetting``.
public typealias DISettings = DISetting
