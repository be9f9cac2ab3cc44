/// The parameters an async resolve awaited for a synchronous factory, handed to it in order.
final class AwaitedParameters: ParameterSource {
    private let values: [Any]

    init(_ values: [Any]) {
        self.values = values
    }

    func cursor(for component: Component) -> ParameterCursor {
        ParameterCursor(owner: component)
    }

    func settledParameter(_ requested: Any.Type, step: Int, of owner: Component, at position: Int) -> Any {
        values[position]
    }

    func unsettledParameter<P>(_ type: P.Type, of owner: Component, at position: Int) throws(DIError) -> P {
        try cast(values[position], to: P.self)
    }

    nonisolated(nonsending) func parameterAsync<P>(
        _ type: P.Type,
        _ cursor: inout ParameterCursor
    ) async throws(DIError) -> P {
        try cast(values[cursor.advance().position], to: P.self)
    }

    nonisolated(nonsending) func callFactory(_ factory: () async -> Any) async throws(DIError) -> Any {
        await factory()
    }
}
