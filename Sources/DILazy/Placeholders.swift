// Placeholder initializers, as SwiftLazy has them: a property can start as `Lazy()` and be
// replaced by a container's property injection before it is read.
//
//     final class Screen { var presenter = Lazy<Presenter>() }
//     container.register(Screen.init).injection(\.presenter)

/// Traps for a placeholder read before anything replaced it.
private func placeholderUsed(_ type: String, _ file: String, _ line: UInt) -> Never {
    fatalError("\(type) created at \(file):\(line) was used before a container injected it")
}

extension Lazy {
    /// A placeholder to be replaced by an injection; reading its ``value`` traps.
    ///
    /// - Parameters:
    ///   - file: Where it was created, for the message; leave the default.
    ///   - line: Where it was created; leave the default.
    public convenience init(file: String = #fileID, line: UInt = #line) {
        self.init { placeholderUsed("Lazy<\(Value.self)>", file, line) }
    }
}

extension Provider {
    /// A placeholder to be replaced by an injection; reading its ``value`` traps.
    public init(file: String = #fileID, line: UInt = #line) {
        self.init { placeholderUsed("Provider<\(Value.self)>", file, line) }
    }
}

extension ProviderN {
    /// A placeholder to be replaced by an injection (`Provider1()`); calling it traps.
    public init(file: String = #fileID, line: UInt = #line) {
        self.init { (_: repeat each Argument) in placeholderUsed("Provider<\(Value.self)>", file, line) }
    }
}

extension LazyN {
    /// A placeholder to be replaced by an injection (`Lazy1()`); calling it traps.
    public convenience init(file: String = #fileID, line: UInt = #line) {
        self.init { (_: repeat each Argument) in placeholderUsed("Lazy<\(Value.self)>", file, line) }
    }
}
