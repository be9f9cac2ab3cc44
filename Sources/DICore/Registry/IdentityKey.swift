/// A key of an ``IdentityTable``: equal keys have equal bits, spread by the table's hash.
protocol IdentityKey: Equatable {
    var identityBits: UInt64 { get }
}
