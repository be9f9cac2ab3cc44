import DILazy

/// A request for the component of `Value` registered with tag `Tag`.
///
/// Write it through ``by(tag:on:)``.
public struct DIByTag<Tag, Value> {
    let value: Value
}

/// The component of `Value` registered with `.as(Value.self, tag: Tag.self)`.
///
/// ```swift
/// container.register { Home(pet: by(tag: HouseTag.self, on: $0)) }
/// let pet: Animal = by(tag: HouseTag.self, on: *container)
/// let pets: [Animal] = many(by(tag: HouseTag.self, on: *container))
/// ```
public func by<Tag, Value>(tag: Tag.Type, on request: DIByTag<Tag, Value>) -> Value {
    request.value
}

extension DIByTag: DIShape {
    static var qualifier: DIQualifier { .tag(Tag.self) }

    package static func describe(into dependency: inout DIDependency) {
        dependency.qualifier = qualifier
        DIDependency.describe(Value.self, into: &dependency)
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> DIByTag<Tag, Value> {
        var tagged = request
        tagged.qualifier = qualifier
        return DIByTag(value: try context.value(Value.self, tagged))
    }

    package static func resolveAsync(in context: ResolveContext, _ request: Request) async throws(DIError) -> Self {
        var tagged = request
        tagged.qualifier = qualifier
        return DIByTag(value: try await context.valueAsync(Value.self, tagged))
    }
}

// A transient request wrapper: as Sendable as the value it carries (the tag is only a type).
extension DIByTag: Sendable where Value: Sendable {}
