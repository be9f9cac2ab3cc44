/// The measured medians of one case, in nanoseconds per operation.
struct Row: Encodable {
    /// The case's label.
    let name: String
    /// Hand-written, if the case has it.
    let hand: Double?
    /// Tranquil.
    let tranquil: Double?
    /// Swinject, if the case has it.
    let swinject: Double?

    /// How many times slower than hand-written Tranquil is.
    var tranquilOverHand: Double? {
        guard let hand, let tranquil, hand > 0 else { return nil }
        return tranquil / hand
    }

    /// How many times faster than Swinject Tranquil is.
    var swinjectOverTranquil: Double? {
        guard let swinject, let tranquil, tranquil > 0 else { return nil }
        return swinject / tranquil
    }

    /// Measures cases whose ratios are read together (a case's variants, or the sizes of a
    /// scaling case), their rounds taking turns.
    static func measuring(_ cases: [(name: String, bench: BenchCase)], with harness: Harness) -> [Row] {
        let variants = cases.map { [$0.bench.hand, $0.bench.tranquil, $0.bench.swinject] }
        var medians = harness.nanosecondsPerOperation(variants.flatMap { $0.compactMap { $0 } })[...]
        return zip(cases, variants).map { item, variants in
            let measured = variants.map { variant in variant.map { _ in medians.removeFirst() } }
            return Row(name: item.name, hand: measured[0], tranquil: measured[1], swinject: measured[2])
        }
    }

    enum CodingKeys: String, CodingKey {
        case name, hand, tranquil, swinject, tranquilOverHand, swinjectOverTranquil
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(hand, forKey: .hand)
        try container.encode(tranquil, forKey: .tranquil)
        try container.encode(swinject, forKey: .swinject)
        try container.encode(tranquilOverHand, forKey: .tranquilOverHand)
        try container.encode(swinjectOverTranquil, forKey: .swinjectOverTranquil)
    }
}
