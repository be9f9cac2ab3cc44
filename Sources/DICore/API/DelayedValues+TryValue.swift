import DILazy

extension ProviderN {
    /// A value made now from `argument`, or the container's error — the throwing twin of
    /// ``DILazy/ProviderN/value(_:)``.
    ///
    /// ```swift
    /// let details: Provider1<Details, String> = container.resolve()
    /// do {
    ///     let screen = try details.tryValue("42")
    /// } catch {
    ///     print(error.kind)   // a DIError: no cast needed
    /// }
    /// ```
    ///
    /// A provider made by hand (from a closure that cannot fail) never throws.
    ///
    /// - Throws: The ``DICore/DIError`` the container met making the value.
    public func tryValue(_ argument: repeat each Argument) throws(DIError) -> Value {
        do {
            return try attempt(repeat each argument)
        } catch {
            throw DIError(failureOfDelayed: error, Value.self)
        }
    }
}

extension LazyN {
    /// The value (made from `argument` on the first call, then kept), or the container's
    /// error — the throwing twin of ``DILazy/LazyN/value(_:)``. After a failure nothing is
    /// kept: the next call tries again.
    ///
    /// - Throws: The ``DICore/DIError`` the container met making the value.
    public func tryValue(_ argument: repeat each Argument) throws(DIError) -> Value {
        do {
            return try attempt(repeat each argument)
        } catch {
            throw DIError(failureOfDelayed: error, Value.self)
        }
    }
}

extension DIError {
    /// The error a container-made `ProviderN`/`LazyN` failed with: only ever a `DIError`,
    /// since the container is the one closure that can fail.
    init(failureOfDelayed error: any Error, _ value: Any.Type) {
        if let error = error as? DIError {
            self = error
        } else {
            let name = typeName(value)
            self.init(kind: .misuse, requested: name, path: [name], reason: "\(error)")
        }
    }
}
