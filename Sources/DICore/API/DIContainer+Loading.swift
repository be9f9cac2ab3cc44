import DIRuntime

// The package API DIParts builds parts and frameworks on: DICore owns every piece of state
// the resolver decides with (origins, imports, what is loaded), DIParts is its public face.
extension DIContainer {
    /// Loads a part or framework once per container, with its origin set for the
    /// registrations `body` makes on this thread.
    ///
    /// A framework loaded while another framework loads is imported by it. A part takes the
    /// framework it is loaded in.
    ///
    /// - Returns: Whether `body` ran (false when it was loaded before).
    @discardableResult
    package func load(_ scope: OriginUnit, isFramework: Bool, _ body: () -> Void) -> Bool {
        let isNew = registry.withLock { registry in
            let outer = registry.currentOrigin
            if isFramework, let importer = outer.framework, importer != scope {
                registry.imports[importer.id, default: []].insert(scope.id)
                Epochs.registryChanged()  // framework priority may now choose differently
            }
            guard registry.loaded.insert(scope.id).inserted else { return false }
            let origin =
                isFramework
                ? DIOrigin(framework: scope, part: nil)
                : DIOrigin(framework: outer.framework, part: scope)
            registry.loading[.current, default: []].append(origin)
            return true
        }
        guard isNew else { return false }
        body()
        registry.withLock { registry in
            registry.loading[.current]?.removeLast()
            if registry.loading[.current]?.isEmpty == true { registry.loading[.current] = nil }
        }
        return true
    }

    /// Records that the framework loading on this thread imports `framework`.
    ///
    /// Outside any framework's `load` this is a misuse: it is recorded for validation,
    /// reported as a warning diagnostic, and otherwise ignored.
    package func recordImport(_ framework: OriginUnit) {
        let misuse: String? = registry.withLock { registry in
            guard let importer = registry.currentOrigin.framework else {
                let message =
                    "import(\(framework.name)) was called outside any framework's load(container:); it has no effect"
                registry.misuses.append(message)
                return message
            }
            if importer != framework {
                registry.imports[importer.id, default: []].insert(framework.id)
                Epochs.registryChanged()  // framework priority may now choose differently
            }
            return nil
        }
        if let misuse {
            report(DIDiagnostic(severity: .warning, kind: .misuse, message: misuse))
        }
    }

    /// The frameworks `framework` imports in this container.
    package func imports(of framework: OriginUnit) -> Set<ObjectIdentifier> {
        registry.withLock { $0.imports[framework.id] ?? [] }
    }

    /// Misuses of parts and frameworks noticed while loading, for validation.
    package var misuses: [String] {
        registry.withLock { $0.misuses }
    }

    /// Resolves as if requested from a component of `framework` (its registrations win
    /// ties), with a name or tag and runtime arguments.
    package func resolve<T>(
        _ type: T.Type,
        from framework: OriginUnit,
        qualifier: DIQualifier = .none,
        arguments: Arguments? = nil
    ) throws(DIError) -> T {
        try resolveTopLevel(T.self, Request(qualifier: qualifier, arguments: arguments, framework: framework))
    }

    /// ``resolve(_:from:qualifier:arguments:)`` in an async context.
    package func resolveAsync<T>(
        _ type: T.Type,
        from framework: OriginUnit,
        qualifier: DIQualifier = .none,
        arguments: Arguments? = nil
    ) async throws(DIError) -> T {
        try await resolveTopLevelAsync(
            T.self,
            Request(qualifier: qualifier, arguments: arguments, framework: framework)
        )
    }

    /// Runs the injections registered for `T` on an existing object, choosing `T`'s
    /// registration as a component of `framework` would.
    package func inject<T>(into object: T, from framework: OriginUnit) throws(DIError) {
        let context = ResolveContext(container: self)
        try run(context) { context throws(DIError) in try context.inject(into: object, from: framework) }
    }
}
