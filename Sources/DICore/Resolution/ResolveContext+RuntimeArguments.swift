import DIRuntime

// Runtime arguments: what a factory's `arg` parameters receive from the request's arguments
// (`resolve(args:)`, a `Provider1` …), in the general way and in compiled steps alike.
extension ResolveContext {
    /// Takes the next runtime argument of the component being built: an `arg` parameter's
    /// value, in the general way (`DIArg`) and in compiled steps (``StepSource``) alike.
    package func argument<Value>(_ type: Value.Type) throws(DIError) -> Value {
        guard !building.isEmpty else {
            throw error(.argumentMismatch, "arg(\(typeName(Value.self))) used outside a registration")
        }
        // The innermost component's frame, if it was given arguments at all.
        let index = argumentFrames.count - 1
        let given = index >= 0 && argumentFrames[index].level == building.count - 1
        let position = given ? argumentFrames[index].next : 0
        if given { argumentFrames[index].next += 1 }
        guard given, position < argumentFrames[index].values.count else {
            return try absentArgument(Value.self, at: position)
        }
        let value = argumentFrames[index].values[position].value
        do {
            return try exactValue(value, as: Value.self)
        } catch {
            // A subclass, an existential, a `nil` for an `Optional`: a check, then a cast that
            // cannot fail (a conditional cast would build `Optional<Value>` metadata each time).
            guard value is Value else { throw noArgument(Value.self, at: position) }
            if let absent = passedNil(value, as: Value.self) { return absent }
            // swift-format-ignore: NeverForceUnwrap
            return value as! Value
        }
    }

    /// The parameter's own `nil` for a `nil` passed as another optional type than the one it
    /// wraps (the untyped `Any?` spelling, a subclass's optional). A cast would put it in a
    /// `.some` where the wrapped type can hold an optional (`Any?`, `Int??`, `(any P)?`); a
    /// `nil` of the wrapped type itself is a value of it, as Swift converts one (`.some(nil)`).
    @inline(never)
    private func passedNil<Value>(_ value: Any, as type: Value.Type) -> Value? {
        guard let passed = value as? any OptionalRequest, passed.unwrapped == nil,
            let parameter = optionalRequestType(of: Value.self),
            ObjectIdentifier(Swift.type(of: passed)) != ObjectIdentifier(parameter.wrappedType)
        else { return nil }
        return parameter.absent(as: Value.self)
    }

    /// The `nil` of an `Optional` `arg` left out; an error for any other. Out of line: the
    /// conditional cast builds `Optional<Value>` metadata, which code not specialized for
    /// `Value` would otherwise fetch on every call of its caller.
    @inline(never)
    private func absentArgument<Value>(_ type: Value.Type, at position: Int) throws(DIError) -> Value {
        guard let absent = optionalRequestType(of: Value.self)?.absent(as: Value.self) else {
            throw noArgument(Value.self, at: position)
        }
        return absent
    }

    private func noArgument<Value>(_ type: Value.Type, at position: Int) -> DIError {
        let takenByCycleInjection = { (injection: Injection) in
            injection.isCycle && injection.dependencies.contains(where: \.isArgument)
        }
        if let component = building.last, component.config.injections.contains(where: takenByCycleInjection) {
            let reason = DIError.cycleInjectionArgument(
                of: typeName(component.config.type),
                taking: typeName(Value.self)
            )
            return error(.argumentMismatch, reason)
        }
        let missing = "no runtime argument of type \(typeName(Value.self)) at position \(position + 1)"
        return error(.argumentMismatch, missing)
    }

    /// The runtime arguments for a build, checked against every `arg` it takes (the
    /// factory's, then its injections'): the request's own, or those a
    /// ``AnyArguments`` gave for the component's type. Trailing `Optional` ones may be left
    /// out (they get `nil`).
    func boundArguments(_ component: Component, _ request: Request) throws(DIError) -> [Arguments.Entry] {
        let checks = component.argumentChecks
        let given: Arguments?
        if let own = request.arguments {
            given = own
        } else {
            given = try argumentsGivenByType(for: component)
        }
        let entries = given?.entries ?? []
        guard !checks.isEmpty || !entries.isEmpty else { return [] }
        guard entries.count <= checks.count, entries.count >= component.requiredArgumentCount else {
            throw argumentMismatch(component, given: given?.valueTypes ?? [])
        }
        for index in entries.indices where ObjectIdentifier(entries[index].type) != component.argumentTypes[index] {
            guard checks[index](entries[index].value) else {
                throw argumentMismatch(component, given: given?.valueTypes ?? [])
            }
        }
        return entries
    }

    /// The arguments the resolve's ``AnyArguments`` give `component`; an `.argumentMismatch`
    /// when they give some for several of its aliases and none for its own type.
    private func argumentsGivenByType(for component: Component) throws(DIError) -> Arguments? {
        guard let byType = argumentsByType else { return nil }
        if let aliases = byType.aliasesGivenArguments(of: component) {
            let names = aliases.map { typeName($0) }
            throw error(
                .argumentMismatch,
                "AnyArguments gives arguments for \(names.joined(separator: " and ")), each an alias of \(typeName(component.config.type)), and none for \(typeName(component.config.type)) itself: no rule says whose it takes (give them for \(typeName(component.config.type)), or for one alias)",
                candidates: [component.info]
            )
        }
        return byType.arguments(for: component)
    }

    /// Checks the runtime arguments given for a request of `component` (its own, or those a
    /// ``AnyArguments`` gave for its type) as a build checks them, also when a kept instance
    /// answers and nothing is built: arguments that could not have made it are
    /// `.argumentMismatch` whether or not the instance exists yet. A request that gives
    /// none gets a kept instance (its arguments mattered when it was made).
    @inline(__always)
    func checkArgumentsGiven(to component: Component, _ request: Request) throws(DIError) {
        guard request.arguments != nil || argumentsByType != nil else { return }
        try checkGivenArguments(component, request)
    }

    /// What ``checkArgumentsGiven(to:_:)`` does when arguments may have been given.
    @inline(never)
    private func checkGivenArguments(_ component: Component, _ request: Request) throws(DIError) {
        guard request.arguments != nil || argumentsByType?.arguments(for: component) != nil else { return }
        _ = try boundArguments(component, request)
    }

    /// Throws when `component`'s injections take an `arg` that is not `Optional`:
    /// `inject(into:)` passes no runtime arguments, so they could not be given.
    func checkInjectedArguments(of component: Component) throws(DIError) {
        // `cycle:` injections too, which `takesArguments` leaves out (no resolve can feed them).
        // Read in place: the lists are made only for the error.
        let injections = component.config.injections
        let required = injections.contains { injection in
            injection.dependencies.contains { $0.wrappers.contains(.argument) && !$0.isOptionalArgument }
        }
        guard required else { return }
        let taken = injections.flatMap(\.dependencies).filter { $0.wrappers.contains(.argument) }
        let types = taken.map { typeName($0.leaf) }.joined(separator: ", ")
        let advice =
            component.hasInitializer
            ? "resolve it with resolve(args:) instead, or make those parameters Optional"
            : "make those parameters Optional"
        throw error(
            .argumentMismatch,
            "its injections' arg parameters are (\(types)) but inject(into:) passes no runtime arguments (\(advice))",
            candidates: [component.info]
        )
    }
}
