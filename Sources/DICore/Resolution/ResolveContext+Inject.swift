import DIRuntime

// `inject(into:)`: a registration's injections run on an object the app made.
extension ResolveContext {
    /// Runs the injections registered for the object's own type (a view controller's class,
    /// also when it is passed as its base class or a protocol), else for `T`, on an existing
    /// object; `framework`'s registration wins ties (`inject(into:from:)`).
    ///
    /// Traced as one request for that type (the object reused), its injections' requests
    /// below it. The instance the component's lifetime keeps, passed back, is left as it is.
    func inject<T>(into object: T, from framework: OriginUnit? = nil) throws(DIError) {
        let request = Request(framework: framework)
        let requested = injectedType(of: object, declared: T.self)
        tracer?.beginRequest(requested, request)
        var chosen: Component?
        do throws(DIError) {
            guard let component = try choose(requested, request, optional: false) else {
                tracer?.finishRequest(.skipped)
                return
            }
            chosen = component
            tracer?.chose(component)
            try checkInjected(object, fits: component)
            if let kept = container.keeper(of: component)?.keptCell(of: component)?.object,
                kept === object as AnyObject
            {
                // The instance its lifetime keeps, passed back: its injections and `postInit`
                // ran when it was made, and run again they would replace what it holds
                // (DITranquillity does not inject twice either).
                tracer?.reused(component)
                tracer?.finishRequest(.reused)
                return
            }
            try checkInjectedArguments(of: component)
            // The object is this resolve's instance of the component, whatever its lifetime:
            // a loop back to it (its injection needs something that needs it) closes on it.
            if component.storage == .graph {
                keepInGraph(object, of: component, slot: slot(at: step(for: component)))
            } else {
                state.value.usedGeneralWay = true
                state.value.injectedObjects.append((component, object))
            }
            building.append(component)
            defer { building.removeLast() }
            for injection in component.config.injections where !injection.isCycle {
                try run(injection.box, on: object, of: component)
            }
            if component.hasCycleInjections {
                leaveForEnd(Deferred(component: component, instance: object, chain: chainToHere))
            } else if let postInit = component.config.postInit {
                try run(postInit, on: object, of: component)
            }
            tracer?.reused(component)
            tracer?.finishRequest(.reused)
        } catch {
            throw failed(error, requested, request, answeredBy: chosen)
        }
    }

    /// The type whose registration `inject(into:)` runs on `object`, passed as a `declared`:
    /// the object's own, where something is registered for it (as DITranquillity does), else
    /// the declared one (a registration of a base class, for all its subclasses).
    private func injectedType<T>(of object: T, declared: T.Type) -> Any.Type {
        // Through `Any`: a `T` that is a protocol's existential gives its dynamic type so.
        let own: Any.Type = type(of: object as Any)
        guard ObjectIdentifier(own) != ObjectIdentifier(declared) else { return declared }
        return container.hasCandidates(DIKey(ObjectIdentifier(own), .none)) ? own : declared
    }

    /// Throws ``DIError/Kind/typeMismatch`` when `object` is not an instance of `component`'s
    /// registered type: its injections and `postInit` would do nothing to it, and a loop back
    /// to the component would get it.
    private func checkInjected(_ object: Any, fits component: Component) throws(DIError) {
        func fits<Registered>(_ registered: Registered.Type) -> Bool { object is Registered }
        guard !fits(component.config.type) else { return }
        throw error(
            .typeMismatch,
            "the object is a \(typeName(type(of: object))), not a \(component.info.typeName), the type of the registration chosen, \(component.info.location) (register \(typeName(type(of: object))) with its own injections)"
        )
    }
}
