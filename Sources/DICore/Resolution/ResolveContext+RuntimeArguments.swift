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
            // swift-format-ignore: NeverForceUnwrap
            return value as! Value
        }
    }

    /// The `nil` of an `Optional` `arg` left out; an error for any other. Out of line: the
    /// conditional cast builds `Optional<Value>` metadata, which code not specialized for
    /// `Value` would otherwise fetch on every call of its caller.
    @inline(never)
    private func absentArgument<Value>(_ type: Value.Type, at position: Int) throws(DIError) -> Value {
        guard let absent = optionalRequestType(of: Value.self)?.absent as? Value else {
            throw noArgument(Value.self, at: position)
        }
        return absent
    }

    private func noArgument<Value>(_ type: Value.Type, at position: Int) -> DIError {
        error(.argumentMismatch, "no runtime argument of type \(typeName(Value.self)) at position \(position + 1)")
    }
}
