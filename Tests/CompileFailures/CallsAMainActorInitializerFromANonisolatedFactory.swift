// expect: call to main actor-isolated initializer 'init()' in a synchronous nonisolated context
// A closure that makes a @MainActor type must be marked `@MainActor` (or register the
// initializer itself: `register(ViewModel.init)`).
import Tranquil

@MainActor final class ViewModel {
    init() {}
}

@MainActor func configure(_ container: DIContainer) {
    container.register { ViewModel() }
}
