// DITranquillity 6's `sync:` spellings: in an async context, `container.resolve()` is the
// async form; `resolve(sync: ())` asks for the synchronous one explicitly.
extension DIContainer {
    /// The synchronous ``resolve(isolation:file:line:)-4a2cv``, chosen explicitly in an async
    /// context.
    ///
    /// ```swift
    /// func load() async {
    ///     let provider: AsyncProvider<Feed> = container.resolve(sync: ())
    /// }
    /// ```
    public func resolve<T>(
        sync: Void,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        do {
            return try tryResolve(isolation: isolation)
        } catch {
            Self.trapChosenSynchronous(error, file, line)
        }
    }

    /// The synchronous ``resolve(name:isolation:file:line:)-12zog``, chosen explicitly.
    public func resolve<T>(
        sync: Void,
        name: String,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        do {
            return try tryResolve(name: name, isolation: isolation)
        } catch {
            Self.trapChosenSynchronous(error, file, line)
        }
    }

    /// The synchronous ``resolve(tag:isolation:file:line:)-4r9ev``, chosen explicitly.
    public func resolve<T, Tag>(
        sync: Void,
        tag: Tag.Type,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        do {
            return try tryResolve(tag: tag, isolation: isolation)
        } catch {
            Self.trapChosenSynchronous(error, file, line)
        }
    }

    /// The synchronous ``resolve(arguments:isolation:file:line:)``, chosen explicitly.
    public func resolve<T>(
        sync: Void,
        arguments: AnyArguments,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        do {
            return try tryResolve(arguments: arguments, isolation: isolation)
        } catch {
            Self.trapChosenSynchronous(error, file, line)
        }
    }

    /// The synchronous ``resolve(args:_:isolation:file:line:)-(Any?,_,_,_,_)``, chosen explicitly.
    public func resolve<T>(
        sync: Void,
        args first: Any?,
        _ rest: Any?...,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        let request = Request(arguments: Arguments(optionals: [first] + rest))
        do {
            return try resolveTopLevel(T.self, request, onMainActor: Self.isMainActor(isolation))
        } catch {
            Self.trapChosenSynchronous(error, file, line)
        }
    }

    /// The synchronous ``tryResolve(isolation:)-1kekr``, chosen explicitly in an async
    /// context.
    ///
    /// ```swift
    /// func load() async throws {
    ///     let settings: Settings = try container.tryResolve(sync: ())
    /// }
    /// ```
    public func tryResolve<T>(sync: Void, isolation: isolated (any Actor)? = #isolation) throws(DIError) -> T {
        do {
            return try tryResolve(isolation: isolation)
        } catch {
            throw error.chosenSynchronous
        }
    }

    /// The synchronous ``tryResolve(name:isolation:)-24t1y``, chosen explicitly.
    public func tryResolve<T>(
        sync: Void,
        name: String,
        isolation: isolated (any Actor)? = #isolation
    ) throws(DIError) -> T {
        do {
            return try tryResolve(name: name, isolation: isolation)
        } catch {
            throw error.chosenSynchronous
        }
    }

    /// The synchronous ``tryResolve(tag:isolation:)-5808m``, chosen explicitly.
    public func tryResolve<T, Tag>(
        sync: Void,
        tag: Tag.Type,
        isolation: isolated (any Actor)? = #isolation
    ) throws(DIError) -> T {
        do {
            return try tryResolve(tag: tag, isolation: isolation)
        } catch {
            throw error.chosenSynchronous
        }
    }

    /// Traps at the caller's `file:line` with the error of a resolve it chose synchronous.
    private static func trapChosenSynchronous(_ error: DIError, _ file: StaticString, _ line: UInt) -> Never {
        fatalError(error.chosenSynchronous.description, file: file, line: line)
    }
}
