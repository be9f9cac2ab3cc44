import DILazy

extension DIGraph {
    /// Everything wrong or suspicious in the wiring, errors and warnings, in a stable order
    /// (by component, then dependency; then requests, misuses and cycles).
    ///
    /// Errors are what a resolve would fail on: a missing or ambiguous dependency, a
    /// dependency on a component without an initializer, runtime arguments that can never
    /// match the target's `arg` parameters, a loop that cannot be built, an `.as` alias a
    /// struct or an enum does not conform to. Warnings work but
    /// are probably not meant, or work only when resolved a certain way: a captive
    /// dependency, a `perFramework`/`perPart` component outside any framework/part, several
    /// `.test()` components for one request, parts and frameworks used the wrong way, a plain
    /// dependency on a component with `arg` parameters (only ``AnyArguments`` feeds those), an
    /// `.as` alias a class is not (only a subclass its factory returns could be), a `single`
    /// that ``DIContainer/initializeSingletonObjects()`` cannot make.
    ///
    /// ```swift
    /// for problem in container.makeGraph().validate() where problem.severity == .error {
    ///     print(problem)   // error: Feed needs Network … [Feed/FeedPart.swift:12]
    /// }
    /// ```
    ///
    /// - Returns: The diagnostics; empty when the wiring is sound.
    public func validate() -> [DIDiagnostic] {
        diagnostics(checkGraphCycles: true)
    }

    /// Validates the graph, delivers every diagnostic to the container's observers as a
    /// ``DIEvent/Kind/diagnostic`` event (DILogging logs them as errors and warnings), and
    /// tells whether it found no error. With no observer (and no `DISetting.Log` set up),
    /// it writes them to standard error, `error: …` and `warning: …`, one line each.
    ///
    /// ```swift
    /// precondition(container.makeGraph().checkIsValid(), "see the log")
    /// ```
    ///
    /// - Parameter checkGraphCycles: Whether to look for loops that cannot be built.
    /// - Returns: `true` when there is no error (warnings allowed).
    @discardableResult
    public func checkIsValid(checkGraphCycles: Bool = true) -> Bool {
        let found = diagnostics(checkGraphCycles: checkGraphCycles)
        let heard = container.isObserved
        for diagnostic in found {
            if heard {
                container.deliver(DIEvent(kind: .diagnostic, component: diagnostic.component, diagnostic: diagnostic))
            } else {
                UnobservedDiagnostics.write(diagnostic)
            }
        }
        return !found.contains { $0.severity == .error }
    }

    func diagnostics(checkGraphCycles: Bool) -> [DIDiagnostic] {
        var found: [DIDiagnostic] = []
        let scope = validationScope()
        let checked = scope.checked
        let around = scope.around
        let belowDelayed = DelayedReachMemo()
        // A kept component's own dependency that only this container answers: its problem
        // is said once, with why, by `ancestorMadeProblem`.
        let saidWithAncestor = Set(
            madeByAncestors.lazy.filter(\.isKeepersOwn).map { made in
                self.vertices[made.edge.source].edgeRange.lowerBound + Int(made.edge.planIndex)
            }
        )
        // By position, not `for vertex in`: copying each vertex and edge would touch every
        // component's reference count, which for thousands of them is most of the time spent.
        for vertex in vertices.indices where checked?[vertex] ?? true {
            if hasScopedLifetimes, let misplaced = scopeOutsideOrigin(vertex) { found.append(misplaced) }
            if vertices[vertex].hasAliases { appendAliasProblems(of: vertex, to: &found) }
            if let eager = singleMadeOnlyLater(vertex) { found.append(eager) }
            if vertices[vertex].component.hasCycleInjections, let stuck = argumentOfDeferredInjection(vertex) {
                found.append(stuck)
            }
            if let unfed = argumentOfInjectedObject(vertex) { found.append(unfed) }
            for edge in vertices[vertex].edgeRange where saidWithAncestor.isEmpty || !saidWithAncestor.contains(edge) {
                appendProblems(ofEdgeAt: edge, around: around, reach: belowDelayed, to: &found)
            }
        }
        for made in madeByAncestors where checked?[made.chain[0]] ?? true {
            if let problem = ancestorMadeProblem(made) { found.append(problem) }
        }
        for conflict in testConflicts {
            let locations = conflict.vertices.compactMap { vertex(id: $0)?.info.location }
            found.append(
                DIDiagnostic(
                    severity: .warning,
                    kind: .severalTestOverrides,
                    message:
                        "\(conflict.vertices.count) .test() components answer \(conflict.request) (\(ShortList.joined(locations, separator: ", "))); only one override can win",
                    component: vertex(id: conflict.vertices[0])?.info,
                    path: [conflict.request]
                )
            )
        }
        found += idleTestOverrides
        for misuse in misuses {
            found.append(DIDiagnostic(severity: .warning, kind: .misuse, message: misuse))
        }
        found += sharedLineWarnings(among: checked)
        if checked != nil { found += ambiguousRootRequests() }
        if checkGraphCycles {
            let loops = reportedLoops(cycleAnalysis(), in: scope)
            found += loops.map(cycleDiagnostic)
            found += ancestorMadeLoops(in: scope, besides: loops)
        }
        return found
    }

    /// The unbuildable loops validation reports: every one when it checks every component;
    /// else one with a checked member, and with roots one that fails only from some members
    /// when a resolve can start at or enter one of those.
    func reportedLoops(_ analysis: CycleAnalysis, in scope: ValidationScope) -> [Loop] {
        guard let checked = scope.checked else { return analysis.loops }
        return analysis.loops.filter { loop in
            guard loop.vertices.contains(where: { checked[$0] }) else { return false }
            guard !scope.roots.isEmpty, case .fromMembers(let failing, let working) = loop.failure else { return true }
            // Entered anywhere in its group: a root may be a failing member off the loop shown.
            let entered = reach(from: scope.roots, stoppingAt: Set(failing + working)).enteredStops
            return failing.contains(where: entered.contains)
        }
    }

    /// The errors and warnings of the dependency at `index` in ``edges`` (cycles aside).
    /// `around`: see ``reachedAroundInjectedRoots(_:)``.
    func problems(ofEdgeAt index: Int, around: [Int: [Bool]] = [:]) -> [DIDiagnostic] {
        var found: [DIDiagnostic] = []
        appendProblems(ofEdgeAt: index, around: around, to: &found)
        return found
    }

    /// Appends the errors and warnings of the dependency at `index` in ``edges`` to `found`.
    ///
    /// The edge is read where it is, field by field, and copied only when it has a problem:
    /// a copy retains its owner (and a vertex's copy its component), which for thousands of
    /// dependencies writes to thousands of objects per validation; and most dependencies
    /// have no problem, so nothing is appended (appending even no diagnostic to an empty
    /// array allocates nothing but still goes through the array's growth path).
    func appendProblems(
        ofEdgeAt index: Int,
        around: [Int: [Bool]],
        reach: DelayedReachMemo? = nil,
        to found: inout [DIDiagnostic]
    ) {
        switch edges[index].resolution {
        case .container, .runtimeArgument:
            return
        case .nothing:
            let edge = edges[index]
            guard edge.isUnansweredError else { return }
            let plan = edge.plan
            let reason = NearMisses.nothingRegistered(
                for: plan.leaf,
                plan.qualifier,
                among: container.componentsOfChain
            )
            found.append(problem(of: edge, .error, .missingDependency, reason))
        case .ambiguous:
            let edge = edges[index]
            guard edge.isUnansweredError else { return }
            let tied = ShortList.joined(DIComponentInfo.listed(edge.targets.map { vertices[$0].info }), separator: "; ")
            found.append(
                problem(
                    of: edge,
                    .error,
                    .ambiguousDependency,
                    "\(container.tie(among: edge.targets.map { vertices[$0].component }, for: edge.plan.key)): \(tied)"
                        + (edge.isOptional ? "; until one is picked, it is nil every time" : "")
                )
            )
        case .resolved:
            for target in edges[index].targets {
                appendProblems(ofEdgeAt: index, target: target, around: around, reach: reach, to: &found)
            }
        }
    }

    /// Appends the errors and warnings of the dependency at `index` in ``edges`` on its
    /// resolved `target` to `found`: what a picture marks on the line to that target.
    func appendProblems(
        ofEdgeAt index: Int,
        target: Int,
        around: [Int: [Bool]],
        reach: DelayedReachMemo? = nil,
        to found: inout [DIDiagnostic]
    ) {
        let awaited = synchronouslyDelayed(ofEdgeAt: index, target)
        if let awaited {
            found.append(problem(of: edges[index], awaited.severity, .requiresAsync, awaited.message))
        }
        // Not when only `inject(into:)` of the target itself reaches the edge (most
        // graphs have no such root: then no lookup, which would hash).
        // Nor a dependency of the component on itself: only `inject(into:)` makes it.
        if !vertices[target].hasInitializer, edges[index].source != target,
            around.isEmpty || around[target]?[edges[index].source] ?? true
        {
            found.append(
                problem(
                    of: edges[index],
                    .error,
                    .noInitializer,
                    "\(vertices[target].info) was registered without an initializer; only inject(into:) can fill it"
                        + (edges[index].isOptional ? ", and it is nil every time" : "")
                )
            )
        } else if let mismatch = argumentMismatch(ofEdgeAt: index, target) {
            found.append(problem(of: edges[index], mismatch.severity, .argumentMismatch, mismatch.message))
        } else if edges[index].isDelayed, awaited == nil,
            let below = delayedReachProblem(below: target, awaits: edges[index].isAsyncDelayed, memo: reach)
        {
            let failing = below.chain.last ?? ""
            found.append(
                problem(
                    of: edges[index],
                    .error,
                    below.kind,
                    "its .value \(edges[index].plan.delaysAnOptional ? "is nil" : "fails") every time: it resolves \(below.chain.joined(separator: " → ")) anew, in a resolve of its own, and \(failing) fails there: \(below.reason)"
                )
            )
        }
        if let captive = captive(ofEdgeAt: index, target) {
            found.append(problem(of: edges[index], .warning, .captiveDependency, captive))
        }
    }

    /// A problem of `edge`, said from its holder.
    private func problem(
        of edge: Edge,
        _ severity: DIDiagnostic.Severity,
        _ kind: DIDiagnostic.Kind,
        _ message: String
    ) -> DIDiagnostic {
        let holder = vertices[edge.source]
        return DIDiagnostic(
            severity: severity,
            kind: kind,
            message: "\(holder.typeName) needs \(edge.request): \(message)",
            component: holder.info,
            path: [holder.typeName, edge.request]
        )
    }

    /// Why a `Lazy`/`Provider` (not an async one) may not make its target: never, for an
    /// async initializer; only on the main actor, for a component whose code runs there. A
    /// holder that runs on the main actor itself most likely reads it there, so only other
    /// holders are warned.
    private func synchronouslyDelayed(
        ofEdgeAt index: Int,
        _ position: Int
    ) -> (severity: DIDiagnostic.Severity, message: String)? {
        guard edges[index].isDelayed, !edges[index].isAsyncDelayed else { return nil }
        let target = vertices[position]
        let isNil = edges[index].plan.delaysAnOptional
        if target.isAsync {
            let never =
                "which a Lazy/Provider's synchronous .value can never make\(isNil ? " (it is nil every time)" : ""); use AsyncLazy/AsyncProvider"
            return (.error, "\(target.info) \(target.component.config.needsAwait), \(never)")
        }
        guard target.runsOnMainActor, !vertices[edges[index].source].runsOnMainActor else { return nil }
        let holder = vertices[edges[index].source].typeName
        let elsewhere = isNil ? "is nil elsewhere" : "fails with .requiresAsync elsewhere"
        return (
            .warning,
            "\(target.info) runs on the main actor: a Lazy/Provider's synchronous .value makes it there and \(elsewhere); use AsyncLazy/AsyncProvider if \(holder) reads it off the main actor"
        )
    }

    /// Why the arguments a dependency passes can never fit the target's `arg` parameters:
    /// the rule a `Provider1` … or `Lazy1` … is checked by when it is handed out
    /// (``Component/accepts(argumentTypes:)``).
    ///
    /// A plain dependency that passes nothing is a warning, not an error: the resolve of the
    /// root can still feed the target with ``AnyArguments``, which a graph cannot know of.
    /// A `Provider`/`Lazy` asks again later, in a resolve of its own without them.
    ///
    /// Vertices are passed by position and read field by field: a copy of a vertex would
    /// retain its component, and for thousands of them that is the bulk of validating.
    private func argumentMismatch(
        ofEdgeAt index: Int,
        _ position: Int
    ) -> (severity: DIDiagnostic.Severity, message: String)? {
        let fits =
            if edges[index].passesArguments, let given = edges[index].plan.providedArguments {
                vertices[position].component.accepts(argumentTypes: given)
            } else {
                vertices[position].requiredArgumentCount == 0
            }
        guard !fits else { return nil }
        let edge = edges[index]
        let target = vertices[position]
        let given = edge.plan.providedArguments ?? []
        let givenList = given.map { typeName($0) }.joined(separator: ", ")
        let expectedList = target.argumentTypes.joined(separator: ", ")
        let at = "at \(target.info.location)"
        let expected = "\(target.typeName)'s arg parameters are (\(expectedList))"
        let alwaysNil = edge.plan.delaysAnOptional ? "; its .value is nil every time" : ""
        guard edge.plan.providedArguments == nil else {
            return (.error, "it passes (\(givenList)) but \(expected), \(at)\(alwaysNil)")
        }
        let stated = "it passes no runtime arguments but \(expected)"
        if edge.isDelayed { return (.error, "\(stated), \(at)\(alwaysNil)") }
        let feed = "resolve(arguments: AnyArguments(for: \(target.typeName).self, args: …))"
        return (.warning, "\(stated): only \(feed) can give them, \(at)")
    }

    /// A `perFramework`/`perPart` component registered outside any framework/part.
    private func scopeOutsideOrigin(_ position: Int) -> DIDiagnostic? {
        let config = vertices[position].component.config
        guard config.isOutsideOrigin,
            let misuse = LifetimePolicy(config.lifetime, origin: config.origin).outsideOriginMisuse
        else { return nil }
        let vertex = vertices[position]
        return DIDiagnostic(
            severity: .warning,
            kind: .scopeOutsideOrigin,
            message: "\(vertex.typeName) \(misuse)",
            component: vertex.info,
            path: [vertex.typeName]
        )
    }
}
