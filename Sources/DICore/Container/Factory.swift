import DILazy

/// A user's synchronous factory, with the two ways the container calls it.
///
/// ``FactoryBox`` keeps this object's methods rather than two closures over the factory:
/// each such closure would be an allocation of its own, kept for the container's life —
/// for thousands of registrations, memory and teardown time that grow with every one.
@usableFromInline
final class Factory<T, each P> {
    @usableFromInline let body: (repeat each P) -> T

    @usableFromInline
    init(_ body: @escaping (repeat each P) -> T) {
        self.body = body
    }

    /// Makes an instance of `component`, resolving each parameter synchronously.
    @inlinable  // compiled for the caller's types: no pack walked at run time
    func make(_ context: ResolveContext, _ component: Component) throws(DIError) -> Any {
        var position = 0
        return body(repeat try context.parameter((each P).self, of: component, at: &position))
    }

    /// Makes an instance in an async resolve (parameters may be async components).
    @inlinable
    func makeAsync(_ context: ResolveContext, _ component: Component) async throws(DIError) -> Any {
        var position = 0
        return body(repeat try await context.parameterAsync((each P).self, of: component, at: &position))
    }

    /// The box the component keeps.
    @inlinable
    var box: FactoryBox {
        FactoryBox(make: make, makeAsync: makeAsync)
    }
}
