import DICore

/// How much the container's loggers write, from nothing to everything.
///
/// A message is written when its level is at or below the chosen one: at `.warning`,
/// errors and warnings are written; at `.verbose`, every request of every resolve is.
///
/// ```swift
/// DISetting.Log.level = .info
/// ```
public enum DILogLevel: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// Nothing is written.
    case none
    /// Failed resolves and wiring errors.
    case error
    /// Warnings about the wiring: things to change (a captive dependency, `import` misuse, …).
    case warning
    /// One line per top-level resolve, cleaned scopes, and informational diagnostics (a choice
    /// made by `.test()`, framework priority or `.default()`).
    case info
    /// Every request of every resolve as an indented tree, and every registration.
    case verbose

    /// Orders levels from `.none` (least) to `.verbose` (most).
    public static func < (lhs: DILogLevel, rhs: DILogLevel) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// `none`, `error`, `warning`, `info` or `verbose`.
    public var description: String {
        switch self {
        case .none: "none"
        case .error: "error"
        case .warning: "warning"
        case .info: "info"
        case .verbose: "verbose"
        }
    }

    /// The level a diagnostic of `severity` is written at.
    init(_ severity: DIDiagnostic.Severity) {
        switch severity {
        case .error: self = .error
        case .warning: self = .warning
        case .info: self = .info
        }
    }

    /// Whether a message of `level` is written when this is the chosen level.
    func admits(_ level: DILogLevel) -> Bool {
        level != .none && level <= self
    }
}
