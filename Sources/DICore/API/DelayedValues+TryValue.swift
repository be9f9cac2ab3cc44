import DILazy

// The `tryValue(…)` of each `Provider1` … `Provider5` and `Lazy1` … `Lazy5` is generated
// (DelayedValues+TryValueArities.swift); what they share is here.

extension DIError {
    /// What every `tryValue(…)` runs: `attempt`'s value, or its failure as a `DIError`.
    static func typing<Value>(_ value: Value.Type, _ attempt: () throws -> Value) throws(DIError) -> Value {
        do {
            return try attempt()
        } catch {
            throw DIError(failureOfDelayed: error, Value.self)
        }
    }

    /// The error a container-made `Provider1` … or `Lazy1` … failed with: only ever a
    /// `DIError`, since the container is the one closure that can fail.
    init(failureOfDelayed error: any Error, _ value: Any.Type) {
        if let error = error as? DIError {
            self = error
        } else {
            let name = typeName(value)
            self.init(kind: .misuse, requested: name, path: [name], reason: "\(error)")
        }
    }
}
