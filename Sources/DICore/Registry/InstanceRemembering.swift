/// Something that remembers instances a lifetime keeps (a container's remembered answers),
/// and must forget them when that lifetime's clean drops them.
protocol InstanceRemembering: AnyObject, Sendable {
    /// Forgets every instance remembered, letting go of them.
    func flush()
}
