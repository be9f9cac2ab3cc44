/// The first parameter (or first two) of an initializer, in a registration's modifier, to be
/// chosen by name.
///
/// Write it through ``by(name:on:)``; the registration reads the name once, when it is made.
public struct DIByName<Value>: Sendable {
    init() {}
}

/// The parameter's component registered with `.as(Value.self, name: name)`.
///
/// The name is part of the registration: ``DIGraph/validate()`` checks that some
/// component of the type carries it, and the graph shows the edge with its name.
///
/// ```swift
/// container.register { "https://api.example.com" }.as(String.self, name: "baseURL")
/// container.register(APIClient.init(baseURL:session:)) { by(name: "baseURL", on: $0) }
/// // baseURL: the String named "baseURL"; session: resolved
/// ```
///
/// It names the first parameter; `{ (by(name: "a", on: $0), by(name: "b", on: $1)) }` names
/// the first two. For another parameter, reorder them in a closure:
/// `register({ APIClient(session: $1, baseURL: $0) }) { by(name: "baseURL", on: $0) }`.
public func by<Value>(name: String, on parameter: DIByName<Value>) -> DINamed<Value> {
    DINamed(name: name)
}

/// Inside a factory's body the name would be read only when the factory runs, after
/// ``DIGraph/validate()`` and the graph had to know it: name the parameter in the
/// registration's modifier instead.
@available(
    *,
    unavailable,
    message: "name the parameter in the registration's modifier: register(X.init) { by(name: \"…\", on: $0) }"

)

public func by<Value>(name: String, on parameter: DIByName<Value>) -> Value {
    fatalError("unavailable")
}
