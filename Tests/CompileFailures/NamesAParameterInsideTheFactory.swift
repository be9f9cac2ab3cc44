// expect: name the parameter in the registration's modifier
// A name read inside the factory would be known only when the factory runs, after
// validation and the graph needed it: `by(name:on:)` belongs in the registration's modifier.
import Tranquil

final class Client: Sendable {
    init(baseURL: String) {}
}

func configure(_ container: DIContainer) {
    container.register { Client(baseURL: by(name: "baseURL", on: $0)) }
}
