import DILazy

extension Optional: DIShape {
    package static func describe(into dependency: inout DIDependency) {
        dependency.wraps(.optional)
        DIDependency.describe(Wrapped.self, into: &dependency)
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> Wrapped? {
        try context.resolveOptional(Wrapped.self, request)
    }

    nonisolated(nonsending) package static func resolveAsync(
        in context: ResolveContext,
        _ request: Request
    ) async throws(DIError) -> Wrapped? {
        try await context.resolveOptionalAsync(Wrapped.self, request)
    }
}

extension AsyncLazy: DIShape {
    package static func describe(into dependency: inout DIDependency) {
        dependency.wraps([.async, .lazy])
        DIDependency.describe(Value.self, into: &dependency)
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> AsyncLazy<Value> {
        let resolver = try context.delayedPinned(Value.self, as: Self.self, request)
        return AsyncLazy(failable: { () async throws in try await resolver.resolveAsync(Value.self) })
    }
}

extension AsyncProvider: DIShape {
    package static func describe(into dependency: inout DIDependency) {
        dependency.wraps([.async, .provider])
        DIDependency.describe(Value.self, into: &dependency)
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> AsyncProvider<Value>
    {
        let resolver = try context.delayedPinned(Value.self, as: Self.self, request)
        return AsyncProvider(failable: { () async throws in try await resolver.resolveAsync(Value.self) })
    }
}

extension Lazy: DIShape {
    package static func describe(into dependency: inout DIDependency) {
        dependency.wraps(.lazy)
        DIDependency.describe(Value.self, into: &dependency)
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> Lazy<Value> {
        let resolver = try context.delayedPinned(Value.self, as: Self.self, request)
        return Lazy(failable: { () throws in try resolver.resolve(Value.self) })
    }
}

extension Provider: DIShape {
    package static func describe(into dependency: inout DIDependency) {
        dependency.wraps(.provider)
        DIDependency.describe(Value.self, into: &dependency)
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> Provider<Value> {
        let resolver = try context.delayedPinned(Value.self, as: Self.self, request)
        return Provider(failable: { () throws in try resolver.resolve(Value.self) })
    }
}

// `Provider1` … `Provider5`, `Lazy1` … `Lazy5` and `AsyncProvider1` … `AsyncProvider5`: one
// implementation per family, whatever the arity (their conformances: DIShape+Arities.swift).

extension DIShape where Self: DelayedWithArguments {
    package static func describe(into dependency: inout DIDependency) {
        dependency.wraps(keepsFirstValue ? .lazy : .provider)
        dependency.providedArguments = argumentTypes
        DIDependency.describe(Value.self, into: &dependency)
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> Self {
        let resolver = try context.delayedPinned(Value.self, as: Self.self, request, passing: argumentTypes)
        return forwarding(to: { arguments throws in
            try resolver.resolve(Value.self, arguments: Arguments(packed: arguments))
        })
    }
}

extension DIShape where Self: AsyncDelayedWithArguments {
    package static func describe(into dependency: inout DIDependency) {
        dependency.wraps([.async, .provider])
        dependency.providedArguments = argumentTypes
        DIDependency.describe(Value.self, into: &dependency)
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> Self {
        let resolver = try context.delayedPinned(Value.self, as: Self.self, request, passing: argumentTypes)
        return forwarding(to: { arguments async throws in
            try await resolver.resolveAsync(Value.self, arguments: Arguments(packed: arguments))
        })
    }
}

extension DIContainer: DIShape {
    package static func describe(into dependency: inout DIDependency) {
        dependency.wraps(.container)
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
