import DIRuntime

/// A property or method injection of a component.
package struct Injection: Sendable {
    /// What it resolves (one dependency for a property; the closure's parameters for a method).
    package let dependencies: [DIDependency]
    /// Whether it waits until the outer resolve has finished (`cycle: true`).
    package let isCycle: Bool
    let box: InjectionBox
}
