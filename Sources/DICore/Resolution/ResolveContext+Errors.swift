import DIRuntime

// Errors: what a resolve throws, and the checked conversion of an instance to the type asked.
extension ResolveContext {
    /// An error to throw from this point; the requests it unwinds through add the path.
    func error(_ kind: DIError.Kind, _ reason: String, candidates: [DIComponentInfo] = []) -> DIError {
        DIError(kind: kind, requested: "", path: [], reason: reason, candidates: candidates)
    }

    /// "Nothing is registered for it", with what nearly matches (``NearMisses``) and the
    /// requesting framework's imports that name a framework never appended.
    func notRegistered(_ leaf: Any.Type, _ qualifier: DIQualifier, framework: OriginUnit?) -> DIError {
        var more = framework.map { container.unloadedImports(of: $0) } ?? []
        if let kept = keptByAncestorNote(leaf, qualifier) { more.append(kept) }
        let reason = NearMisses.nothingRegistered(
            for: leaf,
            qualifier,
            among: container.componentsOfChain,
            more: more
        )
        return error(.notRegistered, reason)
    }

    /// Why a descendant's registration does not answer a request this resolve fails on: it
    /// makes an instance an ancestor keeps, with the ancestor's registrations, for a
    /// descendant that registers what the request asks for. `nil` otherwise.
    func keptByAncestorNote(_ leaf: Any.Type, _ qualifier: DIQualifier) -> String? {
        guard let below = state.value.madeFor, !building.isEmpty,
            below.hasCandidates(DIKey(ObjectIdentifier(leaf), qualifier))
        else { return nil }
        // The instance the ancestor makes is the first of the chain: across `cycle:` rounds,
        // whose injections run with their own instance at the bottom of `building`.
        let kept = deferredChain.first ?? building[0]
        return "\(typeName(kept.config.type)) is kept by an ancestor container, which makes it with its own "
            + "registrations: a descendant's registration of \(typeName(leaf)) does not reach it"
    }

    /// `error` with this request on its path (and reported, if observed); `component`: the
    /// one chosen for it, if the failure came after the choice. Out of line: the label's
    /// string work stays out of the frames of a resolve's levels (see ``checkStackLeft()``).
    @inline(never)
    func failed(
        _ error: DIError,
        _ requested: Any.Type,
        _ request: Request,
        answeredBy component: Component? = nil
    ) -> DIError {
        let located = error.within(
            requestLabel(requested, request.qualifier),
            answeredBy: aliasingName(of: component, answering: requested)
        )
        tracer?.failRequest(located)
        return located
    }

    /// The error a whole resolve of `T` ends with: its path starts at `T`, and, for a
    /// resolve made from inside a factory, with the components the outer resolves were making.
    func located<T>(_ error: DIError, as type: T.Type) -> DIError {
        let located = error.located(as: T.self)
        return outerChain.isEmpty ? located : located.along(outerChain.map { typeName($0.config.type) })
    }

    /// A `.cycle` error for `component`, which is being made on this resolve's chain.
    func cycleError(_ component: Component) -> DIError {
        if let loop = chainLoop(component) { return cycleError(component, loop: loop) }
        // Made as this resolve's maker, yet on none of its chains: by the resolve whose
        // event an observer is handling, while an async resolve delivers it (a synchronous
        // one's observers join it, see `askedByObserver` below).
        let name = typeName(component.config.type)
        return error(
            .cycle,
            "an observer resolves \(name): \(Self.askedWhileBeingMade(name))",
            candidates: [component.info]
        )
    }

    /// Why an observer's resolve of `name`, handling an event of the resolve making it, fails.
    private static func askedWhileBeingMade(_ name: String) -> String {
        "\(name) is still being made by the resolve whose event it is handling, and an observer may resolve it on \(name)'s made event, or after that resolve returns"
    }

    /// A `.cycle` error for `component`, reached again after the components of `loop`,
    /// worded as validation words the loop: an initializer cycle; or, when a member needs
    /// the next in an injection (not `cycle:`, which would wait), prototypes that make new
    /// instances forever, or an injection that needs a member still in its initializer.
    func cycleError(_ component: Component, loop: [Component]) -> DIError {
        let members = loop + [component]
        let names = members.map { typeName($0.config.type) }
        // A parameter that is a `Lazy` or `Provider` asks for nothing while its holder is made.
        let closedByInjection = zip(members, members.dropFirst()).contains { holder, needed in
            !holder.config.parameters.contains { !$0.isDelayed && needed.types.contains(ObjectIdentifier($0.leaf)) }
        }
        // Neither a parameter nor an injection asks for it: the holder's own code resolved it
        // (through a `DIContainer` it was given or captured), which no lifetime can break.
        let resolvedByCode = zip(members, members.dropFirst()).first { holder, needed in
            Self.dependency(of: holder, answeredBy: needed) == nil
        }
        // A `Lazy`/`Provider` breaks a loop only when it is read after its holder is made. A
        // read starts a resolve of its own, so it can be only where the loop leaves the
        // outer resolves' chains: each step of this resolve's own chain was asked while
        // making the one before it.
        let ownSteps = min(loop.count, building.count)
        let readSteps = zip(members, members.dropFirst()).prefix(loop.count - ownSteps)
        let readEarly = readSteps.lazy.compactMap { holder, needed in
            let toNeeded = holder.config.parameters.filter { needed.types.contains(ObjectIdentifier($0.leaf)) }
            return toNeeded.allSatisfy(\.isDelayed) ? toNeeded.first.map { (holder, $0) } : nil
        }.first
        // The outer resolve was handing one of its events to an observer, whose code asked.
        let askedByObserver =
            state.value.joinedFromObserver && state.value.outerChain.contains { $0 === component }
        let reason =
            if askedByObserver {
                "the cycle \(names.joined(separator: " → ")) is closed by an observer: \(Self.askedWhileBeingMade(typeName(component.config.type)))"
            } else if let (holder, parameter) = readEarly {
                "the cycle \(names.joined(separator: " → ")) is closed by reading the \(parameter.label) of \(typeName(holder.config.type)) while \(typeName(holder.config.type)) was being made: a Lazy or Provider breaks a cycle only when it is read later (keep it, and read it after the instance is made)"
            } else if let (holder, needed) = resolvedByCode {
                "the cycle \(names.joined(separator: " → ")) is closed by a resolve of \(typeName(needed.config.type)) that the code of \(typeName(holder.config.type)) (its factory, an injection or postInit) makes while \(typeName(holder.config.type)) is being made: resolve it after the instance is made, or take a Lazy or Provider of it and read it later"
            } else if !closedByInjection {
                "an initializer cycle \(names.joined(separator: " → ")) has nothing to break it (use injection(cycle: true), Lazy or Provider)"
            } else if members.allSatisfy({ $0.config.lifetime == .prototype }) {
                DIError.prototypeLoop(names)
            } else {
                DIError.loopClosedEarly(names, needs: typeName(component.config.type))
            }
        return error(.cycle, reason, candidates: loop.map(\.info))
    }

    /// The error for an instance another party (a thread or an async resolve) makes while waiting for this one.
    func crossPartyCycle(_ component: Component, madeBy maker: MakerID) -> DIError {
        let party = maker.isAsyncResolve ? "an async resolve" : "another thread"
        return error(
            .cycle,
            "\(typeName(component.config.type)) is being made by \(party) that waits for this one",
            candidates: [component.info]
        )
    }

    /// The error for an instance another thread is making while it waits for an async
    /// resolve, directly or through others, which this synchronous resolve must not block for.
    func waitsForAnAsyncResolve(_ component: Component) -> DIError {
        error(
            .requiresAsync,
            "\(typeName(component.config.type)) is being made by another thread that waits for an async resolve, which a synchronous resolve on the main thread or in a task must not block for; resolve it with await",
            candidates: [component.info]
        )
    }

    /// The error for an instance an async resolve is making, which this synchronous resolve
    /// must not block for (see ``Gate/callerMustNotBlockForAsync(callerOnMainActor:)``).
    func madeByAnAsyncResolve(_ component: Component) -> DIError {
        error(
            .requiresAsync,
            "\(typeName(component.config.type)) is being made by an async resolve, which a synchronous resolve on the main thread or in a task must not block for; resolve it with await",
            candidates: [component.info]
        )
    }

    /// The error that stops a synchronous run of an awaited resolve (``callerAwaits``) at an
    /// instance another resolve is making: the awaited resolve then goes the async way,
    /// which suspends for it instead of blocking its thread.
    func madeForAnAwaitingCaller(_ component: Component) -> DIError {
        error(
            .requiresAsync,
            "\(typeName(component.config.type)) is being made by another resolve, which an awaited resolve waits for without blocking its thread",
            candidates: [component.info]
        )
    }

    /// The error that stops a synchronous run of an awaited resolve (``callerAwaits``) at a
    /// cached instance to make: the async way makes it, once. (The try would keep it, or
    /// drop it if it gave up later, and the async way would make it again; made in the
    /// try's object graph, which the async way does not share, it could hold another
    /// instance of an `objectGraph` component than the rest of the resolve.)
    func toMakeForAnAwaitingCaller(_ component: Component) -> DIError {
        error(
            .requiresAsync,
            "\(typeName(component.config.type)) is to be made, which an awaited resolve does the async way",
            candidates: [component.info]
        )
    }

    /// The error for runtime arguments (or a `Provider1` …'s argument list) that do not fit.
    func argumentMismatch(_ component: Component, given: [Any.Type], passedBy passer: ArgumentPasser = .call)
        -> DIError
    {
        let expected = component.config.arguments.map { typeName($0.leaf) }
        let list = "(\(Arguments.typeList(given)))"
        let passed =
            switch passer {
            case .call: given.isEmpty ? "no arguments are given" : "the arguments given are \(list)"
            case .delayed:
                given.isEmpty
                    ? "the Lazy/Provider handed out for it passes none"
                    : "the Provider/Lazy handed out for it passes \(list)"
            }
        return error(
            .argumentMismatch,
            "its arg parameters are (\(expected.joined(separator: ", "))) but \(passed)",
            candidates: [component.info]
        )
    }

    /// The error for runtime arguments given to a `Lazy`/`Provider` of `Value` as it is handed
    /// out, which its later resolve of `Value` would not get.
    func argumentsForDelayed<Value>(_: Value.Type, _ given: Arguments) -> DIError {
        let name = typeName(Value.self)
        return error(
            .argumentMismatch,
            "the arguments given (\(Arguments.typeList(given.types))) would not reach \(name): a Lazy or Provider resolves it later, in a resolve of its own; take a Provider1 … or Lazy1 … and pass them with each call, or resolve \(name) itself with them",
            candidates: []
        )
    }

    /// Who passes runtime arguments, for ``argumentMismatch(_:given:passedBy:)``.
    enum ArgumentPasser {
        /// `resolve(args:)` or a `Provider1` …/`Lazy1` …'s `.value(…)`: arguments actually given.
        case call
        /// A `Provider1` … or `Lazy1` … being handed out: the types it will pass.
        case delayed
    }

    /// `value` as a `P`, or a `.typeMismatch` error (with `P` on its path).
    func typed<P>(_ value: Any, _ type: P.Type) throws(DIError) -> P {
        try cast(value, to: P.self)
    }

    /// `value`, statically an `S`, as the `P` it is when `S` is `P` (a wrapper's type opened
    /// from `P`'s metatype): not boxed in an `Any` and cast back; a checked cast otherwise.
    @inline(__always)
    func typed<S, P>(opened value: S, _ type: P.Type) throws(DIError) -> P {
        do {
            return try identityCast(value, to: P.self)
        } catch {
            return try typed(value, P.self)
        }
    }
}

/// `value` as a `P`, or a `.typeMismatch` error (with `P` on its path).
///
/// Usually the component made exactly a `P` (``exactValue(_:as:)``: no dynamic cast);
/// otherwise (a subclass, a protocol) a checked dynamic cast.
@inlinable
package func cast<P>(_ value: Any, to type: P.Type) throws(DIError) -> P {
    do {
        return try exactValue(value, as: P.self)
    } catch {
        return try converted(value, P.self)
    }
}

/// `value` as a `P` when it is not exactly one: a check, then a cast that cannot fail.
/// (A conditional cast to a generic `P` would build `Optional<P>` metadata on every call.)
@usableFromInline
func converted<P>(_ value: Any, _ type: P.Type) throws(DIError) -> P {
    guard value is P else {
        let made = typeName(Swift.type(of: value))
        throw DIError(
            kind: .typeMismatch,
            requested: typeName(P.self),
            // As a path names a component answering for an alias.
            path: ["\(made) as \(typeName(P.self))"],
            reason: "the component made \(made), which cannot be used as \(typeName(P.self))"
        )
    }
    // swift-format-ignore: NeverForceUnwrap
    return value as! P
}

extension DIError {
    /// Whether this is the failure of `request`'s pinned component to make anything because
    /// its registration's closure returned `nil` (`register { optionalService }`): the
    /// component is absent, so `many` leaves it out, as it leaves out a component that is
    /// not registered. A `nil` deeper down is a failure of the request like any other.
    func isAbsence(of request: Request) -> Bool {
        guard let pinned = request.pinned else { return false }
        return isAbsence(of: pinned)
    }

    /// Whether this is `component`'s failure to make anything because its registration's
    /// closure returned `nil`, as for a request pinned to it.
    func isAbsence(of component: Component) -> Bool {
        absentComponent == ObjectIdentifier(component)
    }
}
