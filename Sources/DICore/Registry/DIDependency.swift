import DILazy

/// One dependency of a component, as planned at registration: what is asked for, and how.
///
/// Built once per parameter, property or method argument by walking the wrappers of its
/// type (`Lazy<DIMany<Animal>>` is a lazy, many request for `Animal`). The resolver, the
/// argument checks and the graph all read this one description.
@usableFromInline
package struct DIDependency: Sendable {
    /// Where the dependency is used.
    package enum Role: Sendable {
        case parameter, property, method
    }

    /// The wrappers around the requested type.
    package struct Wrappers: OptionSet, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        package static let optional = Wrappers(rawValue: 1 << 0)
        package static let many = Wrappers(rawValue: 1 << 1)
        package static let lazy = Wrappers(rawValue: 1 << 2)
        package static let provider = Wrappers(rawValue: 1 << 3)
        package static let argument = Wrappers(rawValue: 1 << 4)
        package static let container = Wrappers(rawValue: 1 << 5)
        /// `AsyncLazy`/`AsyncProvider`: the delayed value is awaited.
        package static let async = Wrappers(rawValue: 1 << 6)
        /// `manyInFramework`: only the components of the requester's framework.
        package static let ownFramework = Wrappers(rawValue: 1 << 7)
    }

    /// The requested type as written, wrappers and all (`Lazy<Animal>`).
    package var type: Any.Type = Void.self
    /// The requested type once every wrapper is taken off.
    package var leaf: Any.Type = Void.self
    /// A name or tag the request carries.
    package var qualifier: DIQualifier = .none
    /// What selection looks up: ``leaf`` with ``qualifier``.
    var key: DIKey { DIKey(ObjectIdentifier(leaf), qualifier) }
    /// The wrappers, outermost first folded into a set.
    package var wrappers: Wrappers = []
    /// ``wrappers`` in the order they are written, for ``label``: what each wrapper added,
    /// outermost first, eight bits a layer (`[Lazy<Cat?>]` is many, lazy, optional). The set
    /// alone cannot tell `[Cat]?` from `[Cat?]`.
    private var layers = WrapperLayers()
    /// For `Provider1` … / `Lazy1` …: the types of the arguments it will pass.
    package var providedArguments: [Any.Type]?
    /// For `arg`: whether a runtime value fits the parameter.
    package var acceptsArgument: (@Sendable (Any) -> Bool)?
    /// For `arg`: whether the parameter is `Optional`, so leaving its argument out gives `nil`.
    package var isOptionalArgument = false
    /// For an `arg` parameter: whether a value of a type fits it (same type or a subclass),
    /// checked when a `Provider1` … / `Lazy1` … is handed out.
    package var acceptsArgumentType: (@Sendable (Any.Type) -> Bool)?
    /// Where the dependency is used.
    package var role: Role = .parameter
    /// Whether it is a `cycle:` injection, made after the outer resolve.
    package var isCycle = false
    /// The name a registration gave this parameter (``by(name:on:)``), added to its request;
    /// `.none` when its type alone (and its wrappers) say what it asks for.
    package var given: DIQualifier = .none
    /// The requested type when it is a wrapper (`Lazy<Animal>`, `DIArg<Int>`): what a
    /// resolve asks to make the parameter, found once here instead of by a conformance
    /// lookup at each build; `nil` for a registered type.
    package var wrapper: (any DIRequestWrapper.Type)?

    /// Adds what a wrapper around the rest of the request is (``DIRequestWrapper``'s
    /// `describe`): to ``wrappers``, and as its own layer for ``label``.
    package mutating func wraps(_ wrapper: Wrappers) {
        wrappers.formUnion(wrapper)
        layers.add(wrapper)
    }

    /// Whether it is an `arg` parameter, fed by runtime arguments.
    package var isArgument: Bool { wrappers.contains(.argument) }
    /// Whether the dependency is delayed (`Lazy`/`Provider`), so it breaks init cycles.
    package var isDelayed: Bool { !wrappers.isDisjoint(with: [.lazy, .provider]) }
    /// Whether a `Lazy`/`Provider` hands out an optional (`Lazy<Cat?>`, `Lazy<[Cat]?>`; not
    /// `Lazy<Cat>?`): what fails below its target makes its `.value` `nil`, where it would be
    /// an error. Not for the `?` of a `many`'s members (`Lazy<[Cat?]>`, `[Lazy<Cat?>]`),
    /// which makes no member optional: a failed one fails the `many`.
    package var delaysAnOptional: Bool {
        var delayed = false
        for layer in layers.innermostFirst.reversed() {
            if layer.contains(.many) { return false }
            if delayed, layer.contains(.optional) { return true }
            if !layer.isDisjoint(with: [.lazy, .provider]) { delayed = true }
        }
        return false
    }
    /// Whether the request is a plain registered type (no wrapper, no name or tag), whose
    /// component a resolve plan can settle (see `ResolvePlan`).
    package var isPlain: Bool { wrappers.isEmpty && qualifier == .none }

    /// Plans a dependency on `type`.
    package static func plan<P>(_ type: P.Type, role: Role = .parameter, qualifier: DIQualifier = .none) -> DIDependency
    {
        var dependency = DIDependency()
        dependency.type = P.self
        dependency.role = role
        dependency.qualifier = qualifier
        dependency.wrapper = describe(P.self, into: &dependency)
        return dependency
    }

    /// Plans a `many` of `Element`s, what `DIMany<Element>` asks for: for a path that names it.
    package static func planMany<Element>(_ type: Element.Type, qualifier: DIQualifier) -> DIDependency {
        var dependency = DIDependency()
        dependency.type = [Element].self
        dependency.qualifier = qualifier
        dependency.wraps(.many)
        describe(Element.self, into: &dependency)
        return dependency
    }

    /// Plans the parameters of a factory taking `P…`.
    @usableFromInline
    package static func plans<each P>(_ type: repeat (each P).Type) -> [DIDependency] {
        var count = 0
        for _ in repeat each type { count += 1 }
        guard count > 0 else { return [] }
        // Made at its size: appending to an empty array would grow it step by step.
        var plans: [DIDependency] = []
        plans.reserveCapacity(count)
        for parameter in repeat each type {
            plans.append(plan(parameter))
        }
        return plans
    }

    /// Plans the parameters of a factory taking `P…`, the first ones asked for by the names
    /// given (``by(name:on:)``).
    package static func plans<each P>(_ type: repeat (each P).Type, names: [String]) -> [DIDependency] {
        var plans = plans(repeat each type)
        for (position, name) in names.enumerated() {
            plans[position].given = .name(name)
            plans[position].qualifier = plans[position].qualifier.naming(name)
        }
        return plans
    }

    /// Adds what `type` says about itself to `dependency`; returns it when it is a wrapper.
    @discardableResult
    package static func describe<P>(_ type: P.Type, into dependency: inout DIDependency) -> (any DIRequestWrapper.Type)?
    {
        // What the wrapper around this type added is one layer, closed here.
        dependency.layers.close()
        guard let wrapper = P.self as? any DIRequestWrapper.Type else {
            dependency.leaf = P.self
            return nil
        }
        wrapper.describe(into: &dependency)
        return wrapper
    }

    /// `Lazy<Animal> (name: "tom")`, `Provider1<NoteEditor, Int>`, `AsyncProvider<Feed>` —
    /// the request as written.
    package var label: String {
        var text = typeName(leaf)
        // Innermost first; a wrapper that takes no other (`DIArg`) is a layer of its own.
        for layer in layers.innermostFirst {
            if layer.contains(.optional) { text = TypeNameSugar.optional(text) }
            if layer.contains(.many) { text = "[\(text)]" }
            if layer.contains(.lazy) { text = delayedLabel("Lazy", text, layer) }
            if layer.contains(.provider) { text = delayedLabel("Provider", text, layer) }
            if layer.contains(.argument) { text = "arg \(text)" }
        }
        if !qualifier.label.isEmpty { text += " (\(qualifier.label))" }
        return text
    }

    /// `Provider<Value>`, `AsyncLazy<Value>`, or `Provider2<Value, Int, String>` when it passes
    /// arguments: the delayed type's own name.
    private func delayedLabel(_ family: String, _ value: String, _ layer: Wrappers) -> String {
        let name = layer.contains(.async) ? "Async\(family)" : family
        guard let arguments = providedArguments else { return "\(name)<\(value)>" }
        let parameters = ([value] + arguments.map { typeName($0) }).joined(separator: ", ")
        return "\(name)\(arguments.count)<\(parameters)>"
    }
}

/// `Cat`, `Animal (name: "tom")`, `[Animal]`, `Cat?`: a request as errors and traces show
/// it; a wrapper as a dependency on it is written (``DIDependency/label``), not as its type
/// (`DIMany<Animal>`).
package func requestLabel(_ requested: Any.Type, _ qualifier: DIQualifier) -> String {
    if let wrapper = requested as? any DIRequestWrapper.Type {
        var dependency = DIDependency()
        dependency.type = requested
        dependency.qualifier = qualifier
        wrapper.describe(into: &dependency)
        return dependency.label
    }
    return qualifier.label.isEmpty ? typeName(requested) : "\(typeName(requested)) (\(qualifier.label))"
}

/// The name of `component` where it answers a request for `requested`, another type (an
/// `.as` alias), for a path of requests (``DIError/within(_:answeredBy:)``); `nil` otherwise.
package func aliasingName(of component: Component?, answering requested: Any.Type) -> String? {
    guard let component, ObjectIdentifier(component.config.type) != ObjectIdentifier(requested) else { return nil }
    return typeName(component.config.type)
}
