import DILazy

/// A request for every component of `Value` registered in the requester's framework.
///
/// Write it through ``manyInFramework(_:)``.
public struct DIManyInFramework<Value> {
    let values: [Value]
}

/// Every component of `Value` registered in the same framework as the component asking, in
/// registration order (DITranquillity's `manyInFramework`).
///
/// ```swift
/// container.register { FeedScreen(cells: manyInFramework($0)) }
/// ```
///
/// Outside any framework it gathers the components registered outside any framework; from
/// `resolve(from:)`, those of that framework. Like any `many`, from a child container it
/// gathers the child's and its ancestors': a framework appended to both is gathered twice.
public func manyInFramework<Value>(_ request: DIManyInFramework<Value>) -> [Value] {
    request.values
}

extension DIManyInFramework: DIShape {
    package static func describe(into dependency: inout DIDependency) {
        dependency.wraps([.many, .ownFramework])
        DIDependency.describe(Value.self, into: &dependency)
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> Self {
        Self(values: try context.resolveAll(Value.self, request, ownFramework: true))
    }

    nonisolated(nonsending) package static func resolveAsync(
        in context: ResolveContext,
        _ request: Request
    ) async throws(DIError) -> Self {
        Self(values: try await context.resolveAllAsync(Value.self, request, ownFramework: true))
    }
}

// A transient request wrapper: as Sendable as the values it carries.
extension DIManyInFramework: Sendable where Value: Sendable {}
