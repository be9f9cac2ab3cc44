import DICore
import DIParts
import Foundation

// Frameworks and parts shared by the suites. Loading is per container, so sharing the
// types between tests is safe; tests that count loads use types of their own.

protocol Service: AnyObject { var label: String { get } }

final class LabeledService: Service {
    let label: String
    init(label: String) { self.label = label }
}

/// A component of framework `Owner` that asks for a `Service`.
final class Consumer<Owner> {
    let service: any Service
    init(service: any Service) { self.service = service }
}

/// Like ``Consumer`` but the service is optional.
final class OptionalConsumer<Owner> {
    let service: (any Service)?
    init(service: (any Service)?) { self.service = service }
}

/// Two services of its own, the second `.default()`.
final class AlphaFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register { LabeledService(label: "alpha1") }.as(Service.self)
        container.register { LabeledService(label: "alpha2") }.as(Service.self).default()
        container.register(Consumer<AlphaFramework>.init)
    }
}

final class BetaFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register { LabeledService(label: "beta") }.as(Service.self)
        container.register(Consumer<BetaFramework>.init)
    }
}

/// No service of its own; imports Beta, not Alpha.
final class GammaFramework: DIFramework {
    static func load(container: DIContainer) {
        container.import(BetaFramework.self)
        container.register(Consumer<GammaFramework>.init)
    }
}

/// No service, no import.
final class DeltaFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register(Consumer<DeltaFramework>.init)
        container.register(OptionalConsumer<DeltaFramework>.init)
    }
}

/// Imports two frameworks with one service each (Zeta by appending it): they tie.
final class EpsilonFramework: DIFramework {
    static func load(container: DIContainer) {
        container.import(BetaFramework.self)
        container.append(framework: ZetaFramework.self)
        container.register(Consumer<EpsilonFramework>.init)
    }
}

final class ZetaFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register { LabeledService(label: "zeta") }.as(Service.self).default()
    }
}

/// Collects the events a container publishes.
///
/// NSLock, not `Synchronization.Mutex`: ThreadSanitizer does not see the futex inside Mutex
/// on Linux and reports false races.
final class EventLog: DIObserver, @unchecked Sendable {
    // @unchecked Sendable: `events` is only touched under `lock`.
    private let lock = NSLock()
    private var events: [DIEvent] = []

    var all: [DIEvent] { lock.withLock { events } }
    var diagnostics: [DIDiagnostic] { all.compactMap(\.diagnostic) }

    func receive(_ event: DIEvent) {
        lock.withLock { events.append(event) }
    }
}
