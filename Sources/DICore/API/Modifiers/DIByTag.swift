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
///
/// Inside a `Lazy`, `Provider`, `Optional` or `DIMany` the tag still picks the component:
/// a `Provider<DIByTag<HouseTag, Animal>>` makes the tagged animal, never an untagged one.
public func by<Tag, Value>(tag: Tag.Type, on request: DIByTag<Tag, Value>) -> Value {
    request.value
}

/// The component of `Value` registered with both tags: `by(tag: A.self, on: by(tag: B.self, on: $0))`.
///
/// ```swift
/// container.register(Tabby.init).as(Animal.self, tag: HouseTag.self).as(Animal.self, tag: FarmTag.self)
/// let both: Animal = by(tags: HouseTag.self, FarmTag.self, on: *container)
/// ```
public func by<Tag1, Tag2, Value>(
    tags tag1: Tag1.Type,
    _ tag2: Tag2.Type,
    on request: DIByTag<Tag1, DIByTag<Tag2, Value>>
) -> Value {
    request.value.value
}

/// The component of `Value` registered with all three tags.
public func by<Tag1, Tag2, Tag3, Value>(
    tags tag1: Tag1.Type,
    _ tag2: Tag2.Type,
    _ tag3: Tag3.Type,
    on request: DIByTag<Tag1, DIByTag<Tag2, DIByTag<Tag3, Value>>>
) -> Value {
    request.value.value.value
}

// Nested tags add up: a request through several `DIByTag`s needs a component that carries
// every tag (``DIQualifier/adding(_:)``), as in DITranquillity.
extension DIByTag: DIShape {
    package static func describe(into dependency: inout DIDependency) {
        dependency.qualifier = dependency.qualifier.adding(Tag.self)
        DIDependency.describe(Value.self, into: &dependency)
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> DIByTag<Tag, Value> {
        var tagged = request
        tagged.qualifier = request.qualifier.adding(Tag.self)
        return DIByTag(value: try context.resolve(Value.self, tagged))
    }

    nonisolated(nonsending) package static func resolveAsync(
        in context: ResolveContext,
        _ request: Request
    ) async throws(DIError) -> Self {
        var tagged = request
        tagged.qualifier = request.qualifier.adding(Tag.self)
        return DIByTag(value: try await context.resolveAsync(Value.self, tagged))
    }
}

// A transient request wrapper: as Sendable as the value it carries (the tag is only a type).
extension DIByTag: Sendable where Value: Sendable {}
