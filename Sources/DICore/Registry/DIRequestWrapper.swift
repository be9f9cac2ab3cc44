import DILazy

/// A type that wraps a request rather than being registered (`Optional`, `Lazy`, `DIMany`, …):
/// how a dependency's plan sees through it. The resolver's side is `DIShape`.
package protocol DIRequestWrapper {
    /// Adds this wrapper (and, recursively, what it wraps) to a dependency description.
    static func describe(into dependency: inout DIDependency)
}
