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
    /// other lifetime is one instance per object graph. (Cached instances made by earlier
    /// requests keep the object graphs of those requests, so they are left out.) An
    /// instance the parent keeps, made for the child's request, is made in a graph of its
    /// own, as when the parent resolves it.
    static func identityProblems(_ outcome: ModelContainer.Outcome, _ model: ReferenceModel, _ ask: Ask, epoch: Int)
        -> [String]
    {
        let roots: [Impl] =
            switch outcome {
            case .value(let impl): [impl]
            case .many(let impls): impls
            default: []
            }
        struct Use: Hashable {
            let graph: Int
            let spec: Int
        }
        var uses: [Use: Int] = [:]
        var instances: [Use: Set<ObjectIdentifier>] = [:]
        var visited: Set<ObjectIdentifier> = []
        var graphs = 0
        // The graph each instance is in, and whether that graph is the parent's.
        var next: [(instance: Impl, graph: Int, inParent: Bool)] = []
        for root in roots where root.epoch == epoch {
            let crosses = model.parentKeeps(root.spec)
            if crosses { graphs += 1 }
            let use = Use(graph: crosses ? graphs : 0, spec: root.spec)
            uses[use, default: 0] += 1
            next.append((root, use.graph, crosses))
        }
        while let (instance, graph, inParent) = next.popLast() {
            guard visited.insert(ObjectIdentifier(instance)).inserted else { continue }
            instances[Use(graph: graph, spec: instance.spec), default: []].insert(ObjectIdentifier(instance))
            for received in instance.received where received.epoch == epoch {
                let crosses = !inParent && model.parentKeeps(received.spec)
                if crosses { graphs += 1 }
                let use = Use(graph: crosses ? graphs : graph, spec: received.spec)
                uses[use, default: 0] += 1
                next.append((received, use.graph, inParent || crosses))
            }
        }
        return instances.compactMap { use, made in
            let spec = use.spec
            let expected = model.life(of: spec) == .prototype ? uses[use, default: 0] : 1
            return made.count == expected
                ? nil
                : "\(ask): #\(spec) (\(model.life(of: spec))) used \(uses[use, default: 0])x in one resolve gave \(made.count) instances"
        }
    }
}
