import DIRuntime

// The package API DIParts builds parts and frameworks on: DICore owns every piece of state
// the resolver decides with (origins, imports, what is loaded), DIParts is its public face.
extension DIContainer {
    /// Loads a part or framework once per container, with its origin set for the
    /// registrations `body` makes on this thread.
    ///
    /// A framework loaded while another framework loads is imported by it. A part takes the
    /// framework it is loaded in. An append of what another thread is loading returns once
    /// that load is done; on the loading thread itself (a load that appends itself) it
    /// returns at once. So it does when that load waits, directly or through others, for
    /// this thread (two loads appending each other, a load resolving an instance this
    /// thread is making): then with a warning, as what it appended is not loaded yet.
    ///
    /// - Returns: Whether `body` ran (false when it was loaded before).
    @discardableResult
    package func load(_ scope: OriginUnit, isFramework: Bool, _ body: () -> Void) -> Bool {
        // `nil`: loaded before, or loading on some thread right now (then its gate).
        let (loading, other, misuse) = withRegistry { registry -> (Gate?, Gate?, String?) in
            let outer = registry.currentOrigin
            if isFramework, let importer = outer.framework {
                registry.recordImport(of: scope, by: importer)
            }
            guard registry.loaded.insert(scope.id).inserted else {
                let misuse =
                    if isFramework == (registry.partFrameworks[scope.id] != nil) {
                        registry.appendedAsTheOther(scope, asFramework: isFramework)
                    } else {
                        isFramework ? nil : registry.appendedAgain(scope, by: outer.framework)
                    }
                return (nil, registry.loadingNow[scope.id], misuse)
            }
            let origin =
                isFramework
                ? DIOrigin(framework: scope, part: nil)
                : DIOrigin(framework: outer.framework, part: scope)
            if !isFramework { registry.partFrameworks[scope.id] = outer.framework }
            registry.loading[.current, default: []].append(origin)
            let gate = Gate()
            registry.loadingNow[scope.id] = gate
            return (gate, nil, nil)
        }
        if let misuse { report(DIDiagnostic(severity: .warning, kind: .misuse, message: misuse)) }
        guard let loading else {
            // Loading elsewhere: wait for that load (a loop of waits is refused, see `Gate`).
            if let other, other.maker != .current, other.wait() != .opened {
                reportUnfinishedLoad(scope, isFramework: isFramework)
            }
            return false
        }
        body()
        withRegistry { registry in
            registry.loading[.current]?.removeLast()
            if registry.loading[.current]?.isEmpty == true { registry.loading[.current] = nil }
            registry.loadingNow[scope.id] = nil
            registry.sealed()  // its last registration is complete: observers hear of it now
        }
        loading.open()
        return true
    }

    /// Warns that an append returns before what it appended is loaded: its load, on another
    /// thread, waits for this one, so waiting for it would never end.
    private func reportUnfinishedLoad(_ scope: OriginUnit, isFramework: Bool) {
        let call = isFramework ? "append(framework: \(scope.name).self)" : "append(part: \(scope.name).self)"
        report(
            DIDiagnostic(
                severity: .warning,
                kind: .cycle,
                message:
                    "\(call) returned before \(scope.name) was loaded: its load(container:), on another thread, waits for this thread (for a load it is in, or an instance it is making), so waiting for it would never end; its registrations are there once that load ends"
            )
        )
    }

    /// Records that the framework loading on this thread imports `framework`.
    ///
    /// Outside any framework's `load` this is a misuse: it is recorded for validation,
    /// reported as a warning diagnostic, and otherwise ignored.
    package func recordImport(_ framework: OriginUnit) {
        let misuse: String? = withRegistry { registry in
            guard let importer = registry.currentOrigin.framework else {
                let message =
                    "import(\(framework.name)) was called outside any framework's load(container:); it has no effect"
                registry.misuses.append(message)
                return message
            }
            registry.recordImport(of: framework, by: importer)
            return nil
        }
        if let misuse {
            report(DIDiagnostic(severity: .warning, kind: .misuse, message: misuse))
        }
    }

    /// Reports a clean of a part or framework (`clean(part:)`, `clean(framework:)`) that can
    /// drop nothing here, a warning diagnostic: one that neither this container nor an
    /// ancestor ever appended (the part the app meant is likely another, or in another
    /// container), one only an ancestor appended, asked of a child that keeps none of its
    /// ancestors' instances (the clean meant is the ancestor's), or a type both a part and a
    /// framework cleaned as the other of what it was appended as.
    func reportCleanOfUnappended(_ scope: CleanScope) {
        guard isObserved else { return }
        let unit: OriginUnit
        let asFramework: Bool
        switch scope {
        case .framework(let framework): (unit, asFramework) = (framework, true)
        case .part(let part): (unit, asFramework) = (part, false)
        case .container, .custom, .scope: return
        }
        // A type both a part and a framework loads once, as what it was first appended as.
        let loadedAsFramework = withRegistry { registry -> Bool? in
            registry.loaded.contains(unit.id) ? registry.partFrameworks[unit.id] == nil : nil
        }
        let reason: String
        if let loadedAsFramework {
            guard loadedAsFramework != asFramework else { return }
            let other = asFramework ? "clean(part: \(unit.name).self)" : "clean(framework: \(unit.name).self)"
            reason =
                "\(unit.name) was appended to this container as \(asFramework ? "a part" : "a framework"), and a type that is both a DIPart and a DIFramework loads as what it was first appended as (call \(other))"
        } else if !ancestorsLoaded().contains(unit.id) {
            reason =
                "\(unit.name) was never appended to this container or its ancestors, so none of its instances are kept here"
        } else if !isolatesInstances {
            // The nearest ancestor that keeps the instances: the one that appended it, or an
            // isolating one between, which keeps copies of its own.
            func appended(_ container: DIContainer) -> Bool { container.withRegistry { $0.loaded.contains(unit.id) } }
            var keeper = parent
            while let current = keeper, !current.isolatesInstances, !appended(current) { keeper = current.parent }
            let keptBy =
                keeper.map(appended) == true
                ? "\(unit.name) was appended to an ancestor of this container, and its instances are kept there"
                : "\(unit.name)'s instances are kept, as copies, by the nearest isolating ancestor of this container"
            reason =
                "\(keptBy): a child that does not isolate instances keeps none of its ancestors' (call \(scope.call) on that ancestor)"
        } else {
            return
        }
        report(DIDiagnostic(severity: .warning, kind: .misuse, message: "\(scope.call) has no effect: \(reason)"))
    }

    /// The frameworks `framework` imports in this container.
    package func imports(of framework: OriginUnit) -> Set<ObjectIdentifier> {
        withRegistry { $0.imports[framework.id] ?? [] }
    }

    /// Misuses of parts and frameworks noticed while loading, for validation.
    package var misuses: [String] {
        withRegistry { $0.misuses }
    }

    /// What `framework` imports that is never appended here (nor to an ancestor), as hints.
    func unloadedImports(of framework: OriginUnit) -> [String] {
        let ancestorsLoaded = ancestorsLoaded()
        return withRegistry { $0.unloadedImports(loadedElsewhere: ancestorsLoaded, only: framework) }
    }

    /// Every component of this container and its ancestors, this container's first.
    var componentsOfChain: [Component] {
        var all: [Component] = []
        var container: DIContainer? = self
        while let current = container {
            all += current.components
            container = current.parent
        }
        return all
    }

    /// The parts and frameworks loaded into this container or one of its ancestors.
    func loadedAlongChain() -> Set<ObjectIdentifier> {
        withRegistry { $0.loaded }.union(ancestorsLoaded())
    }

    /// The parts and frameworks loaded into this container's ancestors.
    func ancestorsLoaded() -> Set<ObjectIdentifier> {
        var loaded: Set<ObjectIdentifier> = []
        var container = parent
        while let current = container {
            loaded.formUnion(current.withRegistry { $0.loaded })
            container = current.parent
        }
        return loaded
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
        // Answering the object, so that an error's path starts at its type.
        _ = try run(context) { context throws(DIError) -> T in
            try context.inject(into: object, from: framework)
            return object
        }
    }
}
