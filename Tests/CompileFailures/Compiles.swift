// expect: nothing (the control: the right spellings of the snippets above compile)
import Foundation
import Tranquil

enum AppState {
    @MainActor static var counter = 0
}

@MainActor final class ViewModel {
    init() {}
}

/// State many threads touch, behind a lock (`Synchronization.Mutex` needs iOS 18 / macOS 15).
final class Locked<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&value) }
    }
}

final class Log: Sendable {
    let lines = Locked<[String]>([])
}

@MainActor func configure(_ container: DIContainer) {
    let log = Log()
    let counter = Locked(0)
    container.register { () -> Int in
        log.lines.withLock { $0.append("made an Int") }
        return counter.withLock {
            $0 += 1
            return $0
        }
    }
    container.register { @MainActor () -> String in
        AppState.counter += 1
        return "\(AppState.counter)"
    }
    container.register(ViewModel.init)
    container.register { @MainActor in ViewModel() }.as(ViewModel.self, name: "closure")
    // A name in the registration's modifier, which validation checks (in a factory's body it is read when it runs).
    container.register({ (url: String) in url.count }) { by(name: "baseURL", on: $0) }
}
