import DILazy

/// A request for every component of `Value`, in registration order.
///
/// Write it through ``many(_:)``: `register { Zoo(animals: many($0)) }`, or
/// `let all: [Animal] = many(*container)`.
public struct DIMany<Value> {
    let values: [Value]
}

/// Every component of `Value` (a child container's and its parent's), in registration order.
///
/// Inside a component's own initializer the component itself is left out.
///
/// ```swift
/// container.register { Zoo(animals: many($0)) }
/// let animals: [Animal] = many(*container)
/// ```
public func many<Value>(_ request: DIMany<Value>) -> [Value] {
    request.values
}

extension DIMany: DIShape {
    package static func describe(into dependency: inout DIDependency) {
        dependency.wraps(.many)
        DIDependency.describe(Value.self, into: &dependency)
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> DIMany<Value> {
        DIMany(values: try context.resolveAll(Value.self, request))
    }

    nonisolated(nonsending) package static func resolveAsync(
        in context: ResolveContext,
        _ request: Request
    ) async throws(DIError) -> Self {
        DIMany(values: try await context.resolveAllAsync(Value.self, request))
    }
}

// A transient request wrapper: as Sendable as the value it carries.
extension DIMany: Sendable where Value: Sendable {}
