import DILazy

/// A type the resolver treats as a wrapper around a request rather than a registered type:
/// `Optional`, `Lazy`, `Provider`, `Provider1` … `Provider5`, `Lazy1` … `Lazy5`, their async
/// counterparts, `DIMany`, `DIByTag`, `DIArg`, `DIContainer`.
///
/// Detected at run time, so there is one `resolve<T>() -> T` for all of them.
package protocol DIShape: DIRequestWrapper {
    /// Makes a value of this type for a request.
    static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> Self
    /// Makes a value of this type in an async resolve.
    nonisolated(nonsending) static func resolveAsync(
        in context: ResolveContext,
        _ request: Request
    ) async throws(DIError) -> Self
}

extension DIShape {
    /// Only a resolve asks for a wrapper parameter (``ResolveContext/unsettledParameter(_:of:at:)``),
    /// passing itself.
    package static func parameter(in source: any ParameterSource, of owner: Component, at position: Int)
        throws(DIError) -> Self
    {
        // swift-format-ignore: NeverForceUnwrap
        let context = source as! ResolveContext
        return try resolve(in: context, Request(qualifier: owner.givenQualifier(at: position)))
    }

    /// Wrappers that resolve nothing when made (`Lazy`, `Provider`, `arg`, `DIContainer`)
    /// are made the same way in an async resolve.
    nonisolated(nonsending) package static func resolveAsync(
        in context: ResolveContext,
        _ request: Request
    ) async throws(DIError) -> Self {
        try resolve(in: context, request)
    }
}
