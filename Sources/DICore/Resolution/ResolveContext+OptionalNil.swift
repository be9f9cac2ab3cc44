import DIRuntime

// Optional means nil: when an optional request answers `nil` instead of failing, and the
// warning or note that says why.
extension ResolveContext {
    /// Whether an optional request answers `nil` after its chosen component failed with
    /// `error`: a `T?` is `nil` when it cannot be made — its own runtime arguments missing,
    /// its factory giving `nil`, or anything it needs failing, however deep — but for an
    /// initializer cycle or a stack nearly used up (``DIError/Kind/tooDeep``), which stay
    /// errors: which member of the loop would be `nil` would depend on where the resolve
    /// started (or on the thread's stack), and a cached member would keep that accident.
    /// Says what failed and why in a warning diagnostic event, whose path starts at the
    /// top-level request, as a failure's does.
    ///
    /// Nothing half-made stays: the failed build abandoned the cells it claimed on its way
    /// out (as in a failed top-level resolve), and instances it finished are whole.
    ///
    /// `requestOpen`: whether the request's frame is still open (the failure came while its
    /// instance was made); an instance made whole that is not of the requested type
    /// (`.typeMismatch`) fails after its request finished.
    ///
    /// `component`: the one chosen for the request; `nil` for a `many`, whose failed member
    /// the error names.
    func answersNil(after error: DIError, _ requested: Any.Type, _ component: Component?, requestOpen: Bool = true)
        -> Bool
    {
        // A loop, or a stack nearly used up: which request would be `nil` depends on where
        // the resolve started, or on the thread it runs on.
        guard error.kind != .cycle, error.kind != .tooDeep else { return false }
        // A `cycle:` injection failed where an ancestor made a kept instance for this
        // resolve (or in a resolve nested in it): as here, that fails the whole resolve.
        guard !error.failsWholeResolve else { return false }
        // An awaited resolve trying the synchronous way first: something to await is no
        // failure of the request, and sends the whole resolve the async way.
        if error.kind == .requiresAsync, callerAwaits { return false }
        let made = component.map { typeName($0.config.type) }
        // The reason speaks of the component ("its arg parameters are …"): named when the
        // request is an alias of it.
        let why =
            if !error.path.isEmpty {
                made.map { "making \($0) failed: \(error.description)" } ?? error.description
            } else if let made, made != typeName(requested) {
                "\(made): \(error.reason)"
            } else {
                error.reason
            }
        let diagnostic = DIDiagnostic(
            severity: .warning,
            kind: Self.diagnosticKind(of: error.kind),
            message: "\(typeName(requested))? is nil: \(why)",
            component: component?.info,
            path: wholeChain.map { typeName($0.config.type) }
                + (error.path.first == typeName(requested) ? error.path : [typeName(requested)] + error.path)
        )
        // On the request's node (the asking request's, once it closed), as the trace's.
        if tracer?.note(diagnostic, about: component) != true { container.report(diagnostic) }
        if requestOpen { tracer?.finishRequest(.skipped) }
        return true
    }

    /// What a top-level request for `T` gives when the work its resolve left for the end (a
    /// `cycle:` injection, a `postInit`) failed with `error`: for an optional `T`, `nil`,
    /// reported as ``answersNil(after:_:_:requestOpen:)`` reports one. An optional request
    /// deeper in the resolve was answered before that work ran, so its failure fails the
    /// whole resolve.
    ///
    /// Ends the top-level request, held open for that work, as failed or as `→ nil` with
    /// the warning on its node. Undoes the resolve when it answers `nil`; throws `error`
    /// otherwise (the caller undoes it). Never inlined: a `T?` in the caller would look up
    /// `Optional<T>`'s metadata on every resolve, failed or not.
    @inline(never)
    func absentAfterFailedEnd<T>(_ error: DIError, as type: T.Type) throws(DIError) -> T {
        guard error.kind != .cycle, error.kind != .tooDeep, let optional = optionalRequestType(of: T.self),
            let absent = optional.absent(as: T.self)
        else {
            finishHeldRoot(error: error)
            throw error.failingWholeResolve()
        }
        let wrapped = typeName(optional.wrappedType)
        let diagnostic = DIDiagnostic(
            severity: .warning,
            kind: Self.diagnosticKind(of: error.kind),
            message: "\(wrapped)? is nil: \(error.description)",
            path: error.path.first == wrapped ? error.path : [wrapped] + error.path
        )
        if !finishHeldRoot(answeringNil: diagnostic) { container.report(diagnostic) }
        abandon()
        checkEnded()
        return absent
    }

    /// Ends a resolve whose build of `T` failed with `error`: undone, and the error thrown
    /// (with the outer resolves' chain and `T` when `locating`, see `DIContainer.run`). But
    /// for an optional `T` that failed because work left for the end of a resolve nested in
    /// it failed (``DIError/failsWholeResolve``), `nil`, as when its own end fails
    /// (``absentAfterFailedEnd(_:as:)``).
    ///
    /// Never inlined, and it returns `T` itself: a `T?` in the caller would look up
    /// `Optional<T>`'s metadata on every resolve, failed or not.
    @inline(never)
    func endFailedResolve<T>(_ error: DIError, as type: T.Type, locating: Bool) throws(DIError) -> T {
        if error.failsWholeResolve, optionalRequestType(of: T.self) != nil {
            do throws(DIError) {
                return try absentAfterFailedEnd(error, as: T.self)
            } catch {
                // Not answered with nil: undone and thrown below.
            }
        }
        abandon()
        checkEnded()
        throw locating ? located(error, as: T.self) : error
    }

    /// The diagnostic kind that reports an error of `kind`.
    private static func diagnosticKind(of kind: DIError.Kind) -> DIDiagnostic.Kind {
        switch kind {
        case .notRegistered, .containerReleased: .missingDependency
        case .ambiguous: .ambiguousDependency
        case .cycle: .cycle  // not answered with nil; for completeness
        case .argumentMismatch: .argumentMismatch
        case .noInitializer: .noInitializer
        case .requiresAsync: .requiresAsync
        case .typeMismatch, .misuse, .tooDeep: .misuse
        }
    }

    /// An optional request nothing answers is `nil` with a note (`.info`) in its trace —
    /// unless it asks for a name or tag that no registration of the type carries: a typo far
    /// more often than an intended absence (`injection(name: "plian", \.plain)` into a
    /// `var plain: Store!`). The first time, per container and request, a warning says so,
    /// with what nearly matches. Validation reports the same request as an error.
    func reportAbsent(_ leaf: Any.Type, _ qualifier: DIQualifier, framework: OriginUnit?) {
        let key = DIKey(ObjectIdentifier(leaf), qualifier)
        guard qualifier != .none, container.isObserved, container.firstReports.isFirst(key) else {
            tracer?.noteNothingRegistered()
            return
        }
        let label = requestLabel(leaf, qualifier)
        // As the graph writes the request: `Plain? (name: "main")`.
        let asked = qualifier.label.isEmpty ? "\(typeName(leaf))?" : "\(typeName(leaf))? (\(qualifier.label))"
        let diagnostic = DIDiagnostic(
            severity: .warning,
            kind: .missingDependency,
            message: "\(asked) is nil: \(notRegistered(leaf, qualifier, framework: framework).reason)",
            component: requester?.info,
            // A resolve a factory makes is a part of the outer one: its path starts there.
            path: wholeChain.map { typeName($0.config.type) } + [label]
        )
        // On the request's node, as the trace's.
        if tracer?.note(diagnostic, about: nil) != true { container.report(diagnostic) }
    }
}
