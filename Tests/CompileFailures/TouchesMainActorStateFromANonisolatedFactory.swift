// expect: main actor-isolated static property 'counter' can not be mutated from a Sendable closure
// In a @MainActor setup function a plain closure is still nonisolated: it must say
// `{ @MainActor in … }` to touch main-actor state.
import Tranquil

enum AppState {
    @MainActor static var counter = 0
}

@MainActor func configure(_ container: DIContainer) {
    container.register { () -> Int in
        AppState.counter += 1
        return AppState.counter
    }
}
