import DILazy
import Testing

/// Compile-only: DILazy's types are Sendable when their values are.
@Suite struct SendableTests {
    private func requireSendable<T: Sendable>(_: T.Type) {}

    @Test func delayedTypesAreSendableWhenTheirValueIs() {
        requireSendable(Lazy<Int>.self)
        requireSendable(Provider<Int>.self)
        requireSendable(Provider2<Int, String, Int>.self)
        requireSendable(Lazy3<Int, String, Int, Bool>.self)
    }
}
