import DILazy

extension Optional: DIShape {
    package static func describe(into dependency: inout DIDependency) {
        dependency.wrappers.insert(.optional)
        DIDependency.describe(Wrapped.self, into: &dependency)
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> Wrapped? {
        try context.optionalValue(Wrapped.self, request)
    }
}

extension Lazy: DIShape {
    package static func describe(into dependency: inout DIDependency) {
        dependency.wrappers.insert(.lazy)
        DIDependency.describe(Value.self, into: &dependency)
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> Lazy<Value> {
        let resolver = try context.delayedPinned(Value.self, request)
        return Lazy { resolver.resolveOrTrap(Value.self) }
    }
}

extension Provider: DIShape {
    package static func describe(into dependency: inout DIDependency) {
        dependency.wrappers.insert(.provider)
        DIDependency.describe(Value.self, into: &dependency)
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> Provider<Value> {
        let resolver = try context.delayedPinned(Value.self, request)
        return Provider { resolver.resolveOrTrap(Value.self) }
    }
}

extension ProviderN: DIShape {
    package static func describe(into dependency: inout DIDependency) {
        dependency.wrappers.insert(.provider)
        dependency.providedArguments = argumentTypes
        DIDependency.describe(Value.self, into: &dependency)
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> Self {
        let resolver = try context.delayedPinned(Value.self, request)
        return ProviderN { (argument: repeat each Argument) in
            resolver.resolveOrTrap(Value.self, arguments: Arguments(repeat each argument))
        }
    }

    private static var argumentTypes: [Any.Type] {
        var types: [Any.Type] = []
        for type in repeat (each Argument).self { types.append(type) }
        return types
    }
}

extension LazyN: DIShape {
    package static func describe(into dependency: inout DIDependency) {
        dependency.wrappers.insert(.lazy)
        var types: [Any.Type] = []
        for type in repeat (each Argument).self { types.append(type) }
        dependency.providedArguments = types
        DIDependency.describe(Value.self, into: &dependency)
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> Self {
        let resolver = try context.delayedPinned(Value.self, request)
        return Self { (argument: repeat each Argument) in
            resolver.resolveOrTrap(Value.self, arguments: Arguments(repeat each argument))
        }
    }
}

extension DIContainer: DIShape {
    package static func describe(into dependency: inout DIDependency) {
        dependency.wrappers.insert(.container)
        dependency.leaf = DIContainer.self
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> Self {
        // `DIContainer` is final, so `Self` is `DIContainer`.
        guard let container = context.container as? Self else {
            throw context.error(.typeMismatch, "the resolving container is not a \(Self.self)")
        }
        return container
    }
}
