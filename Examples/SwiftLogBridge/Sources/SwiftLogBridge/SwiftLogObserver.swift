public import Logging
public import Tranquil

/// Writes the container's events to a swift-log `Logger`, with structured metadata.
///
/// ```swift
/// LoggingSystem.bootstrap(StreamLogHandler.standardError)
/// container.addObserver(SwiftLogObserver(logger: Logger(label: "app.di")))
/// ```
///
/// Levels: failures are `.error`, wiring warnings `.warning`, top-level resolves and
/// informational diagnostics (a `.default()` choice) `.info`,
/// every nested request `.debug`, registrations and starts `.trace`. Each message carries
/// `di.trace` (and `di.linked-trace` for a `Lazy` resolved later), `di.span`, `di.depth`,
/// `di.component` and `di.location` (`file:line` of the registration) when known.
/// Nothing is formatted for a level the logger does not write.
public final class SwiftLogObserver: DIObserver {
    private let logger: Logger

    /// Creates an observer writing to `logger` (its `logLevel` decides what is written).
    public init(logger: Logger) {
        self.logger = logger
    }

    /// Writes the event at its level (called by the container).
    public func receive(_ event: DIEvent) {
        let level = Self.level(of: event)
        guard logger.logLevel <= level else { return }
        logger.log(level: level, "\(Self.message(for: event))", metadata: Self.metadata(for: event))
    }

    private static func level(of event: DIEvent) -> Logger.Level {
        switch event.kind {
        case .failed:
            // One error per failed resolve: at the request where it happened.
            event.error?.path.count == event.depth + 1 ? .error : .debug
        case .diagnostic:
            switch event.diagnostic?.severity {
            case .error: .error
            case .warning: .warning
            case .info, nil: .info
            }
        case .resolveFinished:
            event.parentSpanID == nil ? .info : .debug
        case .cleaned:
            .info
        case .made, .reused:
            .debug
        case .registered, .resolveStarted:
            .trace
        }
    }

    private static func message(for event: DIEvent) -> String {
        let request = event.request ?? "?"
        switch event.kind {
        case .registered:
            return "registered \(event.component?.typeName ?? "?")"
        case .resolveStarted:
            return "resolve \(request)"
        case .resolveFinished:
            let milliseconds =
                Double(event.duration?.components.attoseconds ?? 0) / 1e15
                + Double(event.duration?.components.seconds ?? 0) * 1e3
            let outcome = event.outcome.map { "\($0)" } ?? "finished"
            return "resolve \(request) → \(outcome) in \((milliseconds * 100).rounded() / 100) ms"
        case .made:
            return "made \(event.component?.typeName ?? request)"
        case .reused:
            return "reused \(event.component?.typeName ?? request) from \(event.storage ?? "?")"
        case .failed:
            return event.error?.description ?? "resolve \(request) failed"
        case .cleaned:
            return "cleaned \(event.scope ?? "?"): \(event.count) instances"
        case .diagnostic:
            return event.diagnostic?.message ?? "diagnostic"
        }
    }

    private static func metadata(for event: DIEvent) -> Logger.Metadata {
        var metadata: Logger.Metadata = [:]
        if event.traceID != 0 {
            metadata["di.trace"] = "\(event.traceID)"
            metadata["di.span"] = "\(event.spanID)"
            metadata["di.depth"] = "\(event.depth)"
        }
        if let linked = event.linkedTraceID { metadata["di.linked-trace"] = "\(linked)" }
        if let component = event.component ?? event.diagnostic?.component {
            metadata["di.component"] = "\(component.typeName)"
            metadata["di.location"] = "\(component.location)"
        }
        if let storage = event.storage { metadata["di.storage"] = "\(storage)" }
        return metadata
    }
}
