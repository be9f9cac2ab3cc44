/// A parameter the registration resolves by name: what ``by(name:on:)`` gives a modifier.
public struct DINamed<Value>: Sendable {
    /// The name the parameter's component is registered under (`.as(Value.self, name:)`).
    public let name: String
}
