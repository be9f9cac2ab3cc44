public import DICore

extension DIContainer {
    /// Loads a part into this container, once however often it is appended.
    ///
    /// Appended inside a framework's `load`, the part belongs to that framework.
    public func append<Part: DIPart>(part: Part.Type) {
        load(OriginUnit(Part.self), isFramework: false) { Part.load(container: self) }
    }

    /// Loads a framework into this container, once however often it is appended.
    ///
    /// Appended inside another framework's `load`, it is also imported by that framework.
    public func append<Framework: DIFramework>(framework: Framework.Type) {
        load(OriginUnit(Framework.self), isFramework: true) { Framework.load(container: self) }
    }

    /// Lets the framework being loaded prefer `framework`'s registrations after its own.
    ///
    /// Call it inside a framework's `load(container:)`. Anywhere else it does nothing but
    /// report a warning diagnostic (and a validation finding).
    public func `import`<Framework: DIFramework>(_ framework: Framework.Type) {
        recordImport(OriginUnit(Framework.self))
    }

    /// Drops the `perFramework` instances of the components `framework` registered here.
    ///
    /// Nothing else is touched: other frameworks, `perContainer`, `perApplication` stay.
    public func clean<Framework: DIFramework>(framework: Framework.Type) {
        clean(.framework(OriginUnit(Framework.self)))
    }

    /// Drops the `perPart` instances of the components `part` registered here.
    public func clean<Part: DIPart>(part: Part.Type) {
        clean(.part(OriginUnit(Part.self)))
    }

    /// Resolves `T` as a component of `framework` would: its registrations win ties.
    ///
    /// ```swift
    /// let feed: Feed = container.resolve(from: FeedFramework.self)
    /// ```
    ///
    /// A failure traps at the caller's `file:line`, with the error's description.
    public func resolve<T, Framework: DIFramework>(
        from framework: Framework.Type,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        do {
            return try tryResolve(from: framework)
        } catch {
            fatalError(error.description, file: file, line: line)
        }
    }

    /// Resolves `T` as a component of `framework` would.
    ///
    /// - Throws: A ``DIError`` if it cannot.
    public func tryResolve<T, Framework: DIFramework>(from framework: Framework.Type) throws(DIError) -> T {
        try resolve(T.self, from: OriginUnit(Framework.self))
    }
}
