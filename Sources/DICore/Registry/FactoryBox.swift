/// Calls a user's factory.
///
/// @unchecked Sendable: factories are not required to be `@Sendable` (users register
/// `Cat.init` and closures over their own state). The container only ever calls a factory
/// from the thread that resolves, makes each cached instance exactly once under its cell's
/// once-guard, and never shares the closure's captures with anything else — the same
/// contract as calling the initializer by hand from that thread.
@usableFromInline
package struct FactoryBox: @unchecked Sendable {
    /// Makes the instance synchronously; `nil` for an `async` or `@MainActor` factory.
    let make: ((any ParameterSource, Component) throws(DIError) -> Any)?
    /// Makes the instance of an `async` or `@MainActor` factory; `nil` for a synchronous
    /// one, which an async resolve runs once it has awaited the parameters.
    let makeAsync: ((any ParameterSource, Component) async throws(DIError) -> Any)?

    /// A synchronous factory.
    @usableFromInline
    init(make: @escaping (any ParameterSource, Component) throws(DIError) -> Any) {
        self.make = make
        makeAsync = nil
    }

    /// An `async` or `@MainActor` factory.
    init(makeAsync: @escaping (any ParameterSource, Component) async throws(DIError) -> Any) {
        make = nil
        self.makeAsync = makeAsync
    }

    /// A synchronous factory whose parameters are resolved in order.
    @inlinable  // compiled for the caller's types: no pack walked at run time
    init<T, each P>(_ body: @escaping (repeat each P) -> T) {
        self.init(make: { source, component throws(DIError) -> Any in
            var cursor = source.cursor(for: component)
            return body(repeat try source.parameter((each P).self, &cursor))
        })
    }

    /// Whether only an async resolve can make the instance.
    var isAsync: Bool { make == nil }
}

/// Runs a property or method injection, or a `postInit`, on an instance.
///
/// @unchecked Sendable: as ``FactoryBox`` — user closures, called only from resolving threads.
package final class InjectionBox: @unchecked Sendable {
    let apply: (Any, any DependencySource) throws(DIError) -> Void
    /// The same injection in an async resolve, where its dependencies may be async.
    let applyAsync: (Any, any DependencySource) async throws(DIError) -> Void

    init(
        apply: @escaping (Any, any DependencySource) throws(DIError) -> Void,
        applyAsync: @escaping (Any, any DependencySource) async throws(DIError) -> Void
    ) {
        self.apply = apply
        self.applyAsync = applyAsync
    }
}

/// A property or method injection of a component.
package struct Injection: Sendable {
    /// What it resolves (one dependency for a property; the closure's parameters for a method).
    package let dependencies: [DIDependency]
    /// Whether it waits until the outer resolve has finished (`cycle: true`).
    package let isCycle: Bool
    let box: InjectionBox
}

/// Another type (with a name or tag) a component answers to.
package struct Alias: Sendable {
    let type: Any.Type
    let qualifier: DIQualifier

    var key: DIKey { DIKey(ObjectIdentifier(type), qualifier) }

    /// `Animal`, `Animal (name: "tom")`.
    var label: String {
        qualifier.label.isEmpty ? typeName(type) : "\(typeName(type)) (\(qualifier.label))"
    }
}

/// The key of the registry's index: a type and its qualifier.
package struct DIKey: Hashable, Sendable {
    let type: ObjectIdentifier
    let qualifier: DIQualifier

    init(_ type: ObjectIdentifier, _ qualifier: DIQualifier = .none) {
        self.type = type
        self.qualifier = qualifier
    }
}
