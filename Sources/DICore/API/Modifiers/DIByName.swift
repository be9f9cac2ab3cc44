/// A parameter to be chosen by name: the first (or first two) of an initializer in a
/// registration's modifier, or any parameter of a factory closure.
///
/// Write it through ``by(name:on:)``. In a modifier the registration reads the name once,
/// when it is made; in a factory's body the name is read when the factory runs.
public struct DIByName<Value>: Sendable {
    /// The container whose resolve made the factory's parameter; `nil` in a modifier.
    let container: DIContainer?

    init(container: DIContainer? = nil) {
        self.container = container
    }
}

/// A factory's `DIByName` parameter is the resolving container, for ``by(name:on:isolation:file:line:)``
/// to resolve from when the factory runs. The graph knows it as a container parameter: no
/// line is drawn for it and validation does not check the name, which only the factory's
/// body reads (the modifier form is checked and drawn).
extension DIByName: DIShape {
    package static func describe(into dependency: inout DIDependency) {
        DIContainer.describe(into: &dependency)
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> Self {
        DIByName(container: context.container)
    }
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

/// The component of `Value` registered with `.as(Value.self, name: name)`, resolved when the
/// factory that calls it runs, as a resolve the factory makes from its container would be:
/// it joins the resolve in progress (its `objectGraph` instances, its loop checks, its
/// trace). An optional `Value` is `nil` when nothing carries the name; otherwise a failure
/// traps at `file:line`.
///
/// ```swift
/// container.register { Vault(key: by(name: "secure", on: $0)) }
/// ```
///
/// Graph validation cannot know a name read inside a factory: the graph shows the parameter
/// as the container, and a name nothing carries is found only when the factory runs. Name
/// the parameter in the registration's modifier (``by(name:on:)``) for validation to check it.
public func by<Value>(
    name: String,
    on parameter: DIByName<Value>,
    isolation: isolated (any Actor)? = #isolation,
    file: StaticString = #fileID,
    line: UInt = #line
) -> Value {
    guard let container = parameter.container else {
        preconditionFailure("by(name:on:) with a parameter no resolve made", file: file, line: line)
    }
    return container.resolve(name: name, isolation: isolation, file: file, line: line)
}
