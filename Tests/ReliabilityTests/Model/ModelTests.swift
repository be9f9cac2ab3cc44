import DICore
import Foundation
import Testing

/// Compares the container with ``ReferenceModel`` over seeded random scenarios.
///
/// `TRANQUIL_SEED=N swift test --filter ModelTests` replays one seed (and prints its
/// scenario); `TRANQUIL_SEEDS=N` changes how many seeds CI runs.
@Suite struct ModelTests {
    static let environment = ProcessInfo.processInfo.environment
    static let replay = environment["TRANQUIL_SEED"].flatMap(UInt64.init)
    static let seedCount = environment["TRANQUIL_SEEDS"].flatMap(Int.init) ?? 1_000
    static let batches = 8

    /// The seeds batch `batch` runs.
    static func seeds(_ batch: Int) -> [UInt64] {
        if let replay { return batch == 0 ? [replay] : [] }
        return stride(from: batch, to: seedCount, by: batches).map(UInt64.init)
    }

    @Test(arguments: 0..<batches)
    func theContainerAnswersAsTheReferenceModel(batch: Int) {
        for seed in Self.seeds(batch) {
            let problems = Self.check(seed: seed)
            if Self.replay != nil { print("seed \(seed):\n\(Scenario(seed: seed))") }
            if let problem = problems.first {
                Issue.record(
                    """
                    seed \(seed) (replay: TRANQUIL_SEED=\(seed) swift test --filter ModelTests): \(problem) \
                    [\(problems.count) problems]
                    \(Scenario(seed: seed))
                    """
                )
            }
        }
    }

    /// Every disagreement between the container and the model for one seed.
    static func check(seed: UInt64) -> [String] {
        let scenario = Scenario(seed: seed)
        let model = ReferenceModel(scenario)
        let real = ModelContainer(scenario)
        var problems: [String] = []
        for ask in scenario.asks {
            let expected = model.answer(ask)
            let first = real.ask(ask)
            guard first.answer == expected else {
                problems.append("\(ask): expected \(expected), the container gave \(first.answer)")
                continue
            }
            problems += identityProblems(first, model, ask, epoch: real.epoch.value)
            // Asked again: a cached component answers with the very same instance.
            if case .value(let impl) = first, case .value(let again) = real.ask(ask),
                model.life(of: impl.spec).isCached != (impl === again)
            {
                problems.append(
                    "\(ask): #\(impl.spec) is \(model.life(of: impl.spec)) but asking twice gave \(impl === again ? "the same" : "another") instance"
                )
            }
        }
        #if TRANQUIL_INTERNAL_CHECKS
        real.container.checkInvariants()
        #endif
        return problems
    }

    /// Among the instances one request made, a prototype is a new instance per use and any
    /// other lifetime is one instance. (Cached instances made by earlier requests keep the
    /// object graphs of those requests, so they are left out.)
    static func identityProblems(_ outcome: ModelContainer.Outcome, _ model: ReferenceModel, _ ask: Ask, epoch: Int)
        -> [String]
    {
        let roots: [Impl] =
            switch outcome {
            case .value(let impl): [impl]
            case .many(let impls): impls
            default: []
            }
        var uses: [Int: Int] = [:]
        var instances: [Int: Set<ObjectIdentifier>] = [:]
        var visited: Set<ObjectIdentifier> = []
        var next = roots.filter { $0.epoch == epoch }
        for root in next { uses[root.spec, default: 0] += 1 }
        while let instance = next.popLast() {
            guard visited.insert(ObjectIdentifier(instance)).inserted else { continue }
            instances[instance.spec, default: []].insert(ObjectIdentifier(instance))
            for received in instance.received where received.epoch == epoch {
                uses[received.spec, default: 0] += 1
                next.append(received)
            }
        }
        return instances.compactMap { spec, made in
            let expected = model.life(of: spec) == .prototype ? uses[spec, default: 0] : 1
            return made.count == expected
                ? nil
                : "\(ask): #\(spec) (\(model.life(of: spec))) used \(uses[spec, default: 0])x in one resolve gave \(made.count) instances"
        }
    }
}
