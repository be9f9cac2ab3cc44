// Placeholder initializers, as SwiftLazy has them: a property can start as `Lazy()` and be
// replaced by a container's property injection before it is read.
//
//     final class Screen { var presenter = Lazy<Presenter>() }
//     container.register(Screen.init).injection(\.presenter)
//
// `Provider1()` … `Provider5()`, `Lazy1()` … `Lazy5()` and `AsyncProvider1()` … `AsyncProvider5()`
// are generated with their types (Scripts/generate-arities.py).

/// Traps for a placeholder of `type` read before anything replaced it.
func placeholderUsed(_ type: Any.Type, _ file: String, _ line: UInt) -> Never {
    fatalError("\(type) created at \(file):\(line) was used before a container injected it")
}

extension Lazy {
    /// A placeholder to be replaced by an injection; reading its ``value`` traps.
    ///
    /// - Parameters:
    ///   - file: Where it was created, for the message; leave the default.
    ///   - line: Where it was created; leave the default.
    public convenience init(file: String = #fileID, line: UInt = #line) {
        self.init { placeholderUsed(Lazy<Value>.self, file, line) }
    }
}

extension Provider {
    /// A placeholder to be replaced by an injection; reading its ``value`` traps.
    public init(file: String = #fileID, line: UInt = #line) {
        self.init { placeholderUsed(Provider<Value>.self, file, line) }
    }
}
