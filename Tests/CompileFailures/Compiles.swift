// expect: nothing (the control: the right spellings of the snippets above compile)
import Synchronization
import Tranquil

enum AppState {
    @MainActor static var counter = 0
}

@MainActor final class ViewModel {
    init() {}
}

final class Log: Sendable {
    let lines = Mutex<[String]>([])
}

@MainActor func configure(_ container: DIContainer) {
    let log = Log()
    let counter = Atomic<Int>(0)
    container.register { () -> Int in
        log.lines.withLock { $0.append("made an Int") }
        return counter.add(1, ordering: .relaxed).newValue
    }
    container.register { @MainActor () -> String in
        AppState.counter += 1
        return "\(AppState.counter)"
    }
    container.register(ViewModel.init)
    container.register { @MainActor in ViewModel() }.as(ViewModel.self, name: "closure")
}
