import DILazy
import DIRuntime

// The `tryValue()` of `Lazy`, `Provider`, `AsyncLazy` and `AsyncProvider` is here, with what
// every `tryValue(…)` shares; those of `Provider1` … `Provider5`, `Lazy1` … `Lazy5` and
// `AsyncProvider1` … `AsyncProvider5` are generated (DelayedValues+TryValueArities.swift).

extension DIError {
    /// What every `tryValue(…)` runs: `attempt`'s value, or its failure as a `DIError`.
    static func typing<Value>(_ value: Value.Type, _ attempt: () throws -> Value) throws(DIError) -> Value {
        do {
            return try attempt()
        } catch {
            throw DIError(failureOfDelayed: error, Value.self)
        }
    }

    /// ``typing(_:_:)`` for the asynchronous delayed values.
    nonisolated(nonsending) static func typing<Value>(
        _ value: Value.Type,
        _ attempt: () async throws -> Value
    ) async throws(DIError) -> Value {
        do {
            return try await attempt()
        } catch {
            throw DIError(failureOfDelayed: error, Value.self)
        }
    }

    /// The error a container-made `Provider1` … or `Lazy1` … failed with: only ever a
    /// `DIError`, since the container is the one closure that can fail.
    init(failureOfDelayed error: any Error, _ value: Any.Type) {
        if let error = error as? DIError {
            self = error
        } else if let refused = error as? BlockingReadRefused {
            let name = typeName(value)
            self.init(kind: .requiresAsync, requested: name, path: [name], reason: refused.description)
        } else {
            let name = typeName(value)
            self.init(kind: .misuse, requested: name, path: [name], reason: "\(error)")
        }
    }
}

extension Lazy {
    /// The value (made on the first read, then kept), or the container's error — the
    /// throwing twin of ``DILazy/Lazy/value``.
    ///
    /// ```swift
    /// let settings: Lazy<Settings> = container.resolve()
    /// do {
    ///     let current = try settings.tryValue()
    /// } catch {
    ///     print(error.kind)   // a DIError: no cast needed
    /// }
    /// ```
    ///
    /// After a failure nothing is kept: the next read tries again. A lazy value made by hand
    /// (from a closure that cannot fail) never throws.
    ///
    /// - Throws: The ``DICore/DIError`` the container met making the value.
    public func tryValue() throws(DIError) -> Value {
        try DIError.typing(Value.self) { try attempt() }
    }
}

extension Provider {
    /// A value made now, or the container's error — the throwing twin of
    /// ``DILazy/Provider/value``.
    ///
    /// A provider made by hand (from a closure that cannot fail) never throws.
    ///
    /// - Throws: The ``DICore/DIError`` the container met making the value.
    public func tryValue() throws(DIError) -> Value {
        try DIError.typing(Value.self) { try attempt() }
    }
}

extension AsyncLazy {
    /// The value (made on the first read, then kept), or the container's error — the
    /// throwing twin of ``DILazy/AsyncLazy/value``.
    ///
    /// Every read awaiting a making that fails gets its error; nothing is kept, so the next
    /// read tries again.
    ///
    /// - Throws: The ``DICore/DIError`` the container met making the value.
    public nonisolated(nonsending) func tryValue() async throws(DIError) -> Value {
        // Not through `DIError.typing`: a closure passed there would run off the caller's
        // actor, and a made value is read without leaving it.
        do {
            return try await attempt()
        } catch {
            throw DIError(failureOfDelayed: error, Value.self)
        }
    }
}

extension AsyncProvider {
    /// A value made now, or the container's error — the throwing twin of
    /// ``DILazy/AsyncProvider/value``.
    ///
    /// - Throws: The ``DICore/DIError`` the container met making the value.
    public func tryValue() async throws(DIError) -> Value {
        try await DIError.typing(Value.self) { try await attempt() }
    }
}
