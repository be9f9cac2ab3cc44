import DILazy

extension Optional: DIShape {
    package static func describe(into dependency: inout DIDependency) {
        dependency.wrappers.insert(.optional)
        DIDependency.describe(Wrapped.self, into: &dependency)
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> Wrapped? {
        try context.optionalValue(Wrapped.self, request)
    }

    package static func resolveAsync(in context: ResolveContext, _ request: Request) async throws(DIError) -> Wrapped? {
        try await context.optionalValueAsync(Wrapped.self, request)
    }
}

extension AsyncLazy: DIShape {
    package static func describe(into dependency: inout DIDependency) {
        dependency.wrappers.insert(.async)
        dependency.wrappers.insert(.lazy)
        DIDependency.describe(Value.self, into: &dependency)
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> AsyncLazy<Value> {
        let resolver = try context.delayedPinned(Value.self, request)
        return AsyncLazy { await resolver.resolveAsyncOrTrap(Value.self) }
    }
}

extension AsyncProvider: DIShape {
    package static func describe(into dependency: inout DIDependency) {
        dependency.wrappers.insert(.async)
        dependency.wrappers.insert(.provider)
        DIDependency.describe(Value.self, into: &dependency)
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> AsyncProvider<Value>
    {
        let resolver = try context.delayedPinned(Value.self, request)
        return AsyncProvider { await resolver.resolveAsyncOrTrap(Value.self) }
    }
}

extension AsyncProviderN: DIShape {
    package static func describe(into dependency: inout DIDependency) {
        dependency.wrappers.insert(.async)
        dependency.wrappers.insert(.provider)
        dependency.providedArguments = argumentTypes
        DIDependency.describe(Value.self, into: &dependency)
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> Self {
        let resolver = try context.delayedPinned(Value.self, request, passing: argumentTypes)
        return AsyncProviderN { (argument: repeat each Argument) in
            await resolver.resolveAsyncOrTrap(Value.self, arguments: Arguments(repeat each argument))
        }
    }

    private static var argumentTypes: [Any.Type] { typeList(repeat (each Argument).self) }
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
        let resolver = try context.delayedPinned(Value.self, request, passing: argumentTypes)
        return ProviderN(failable: { (argument: repeat each Argument) throws in
            try resolver.resolve(Value.self, arguments: Arguments(repeat each argument))
        })
    }

    private static var argumentTypes: [Any.Type] { typeList(repeat (each Argument).self) }
}

extension LazyN: DIShape {
    package static func describe(into dependency: inout DIDependency) {
        dependency.wrappers.insert(.lazy)
        dependency.providedArguments = argumentTypes
        DIDependency.describe(Value.self, into: &dependency)
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> Self {
        let resolver = try context.delayedPinned(Value.self, request, passing: argumentTypes)
        return Self(failable: { (argument: repeat each Argument) throws in
            try resolver.resolve(Value.self, arguments: Arguments(repeat each argument))
        })
    }

    private static var argumentTypes: [Any.Type] { typeList(repeat (each Argument).self) }
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

/// The types of a pack, in order: what a `ProviderN`/`LazyN` passes to `arg` parameters.
private func typeList<each A>(_ type: repeat (each A).Type) -> [Any.Type] {
    var types: [Any.Type] = []
    for type in repeat each type { types.append(type) }
    return types
}
