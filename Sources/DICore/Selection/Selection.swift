/// The outcome of choosing among the candidates for one request, and why.
///
/// The resolver, `many`, graph validation and traces all take their answer from here: one
/// implementation of DESIGN's rules.
package enum Selection {
    case none
    case one(Component, Reason)
    case ambiguous([Component])

    /// Why a candidate won.
    /// Why a component won: the rule that picked it among several, and the ones it beat.
    ///
    /// A struct, not an enum with the losers in each case's payload: a multi-payload enum
    /// keeps its case in the spare bits of the array's pointer, which LeakSanitizer then
    /// cannot follow (a plan that keeps reasons would show as leaking them).
    package struct Reason: Sendable {
        private enum Rule: Sendable {
            case only, test, defaultMark
            case framework(OriginUnit)
        }

        private let picked: Rule
        /// The candidates the rule picked against; empty for the only candidate.
        package let others: [Component]

        /// The only candidate.
        package static var only: Reason { Reason(picked: .only, others: []) }

        /// The one `.test()` registration among the candidates.
        package static func test(others: [Component]) -> Reason { Reason(picked: .test, others: others) }

        /// The candidate of `framework` (the requester's, or one it imports).
        package static func framework(_ framework: OriginUnit, others: [Component]) -> Reason {
            Reason(picked: .framework(framework), others: others)
        }

        /// The one `.default()` registration among the candidates.
        package static func defaultMark(others: [Component]) -> Reason { Reason(picked: .defaultMark, others: others) }

        /// Whether the request's framework may have picked another candidate: the rule that
        /// picked this one was a framework's or `.default()`, which a resolve made in a
        /// framework component's factory (the framework's own candidate winning) or for a
        /// requester of another framework would not have ended at.
        package var dependsOnRequester: Bool {
            switch picked {
            case .only, .test: false
            case .framework, .defaultMark: true
            }
        }

        /// Whether this is ``only``: no rule picked, no other candidates.
        package var isOnly: Bool {
            if case .only = picked { return true }
            return false
        }

        /// The rule, as a trace names it; `nil` for the only candidate.
        package var rule: String? {
            switch picked {
            case .only: nil
            case .test: ".test()"
            case .framework(let framework): "framework priority (\(framework.name))"
            case .defaultMark: ".default()"
            }
        }
    }

    /// Applies DESIGN's rules to `candidates` (the first rule that leaves one wins):
    /// 1. exactly one `.test()`; (several `.test()` narrow the field to themselves)
    /// 2. those registered in `framework`, then their `.default()`;
    /// 3. those in the frameworks `framework` imports, then their `.default()`;
    /// 4. `.default()` over all;
    /// 5. otherwise ambiguous.
    package static func choose(
        among candidates: [Component],
        framework: OriginUnit?,
        imports: (OriginUnit) -> Set<ObjectIdentifier>
    ) -> Selection {
        switch candidates.count {
        case 0: return .none
        case 1: return .one(candidates[0], .only)
        default: break
        }
        func others(than chosen: Component) -> [Component] { candidates.filter { $0 !== chosen } }
        var field = candidates
        let tests = field.filter(\.config.isTest)
        if tests.count == 1 { return .one(tests[0], .test(others: others(than: tests[0]))) }
        if tests.count > 1 { field = tests }

        if let framework {
            let own = field.filter { $0.config.origin.framework == framework }
            if let chosen = single(own) { return .one(chosen, .framework(framework, others: others(than: chosen))) }
            let imported = imports(framework)
            if !imported.isEmpty {
                let fromImports = field.filter { candidate in
                    candidate.config.origin.framework.map { imported.contains($0.id) } ?? false
                }
                if let chosen = single(fromImports), let origin = chosen.config.origin.framework {
                    return .one(chosen, .framework(origin, others: others(than: chosen)))
                }
            }
        }
        let defaults = field.filter(\.config.isDefault)
        if defaults.count == 1 { return .one(defaults[0], .defaultMark(others: others(than: defaults[0]))) }
        return .ambiguous(field)
    }

    /// Why no rule picks among `tied` (an ``ambiguous`` answer's components) and what would:
    /// errors, validation and the optional request's warning all say it this way.
    ///
    /// The advice follows the tie: a second `.test()` or `.default()` mark is undone, not
    /// added to. `setAside` are `.default()` candidates of containers above the tie's, which
    /// do not take part (``DIContainer/tie(among:for:)`` finds them).
    package static func tie(among tied: [Component], setAside: [Component] = []) -> String {
        tieReason(among: tied) + parentDefaults(setAside)
    }

    /// A tie's reason and advice, from the tied components alone.
    private static func tieReason(among tied: [Component]) -> String {
        // Several `.test()` set the other candidates aside (see `choose`), so a tie that
        // has two has only `.test()` ones.
        if tied.count(where: { $0.config.isTest }) > 1 {
            return
                "\(tied.count) components marked .test() match, which sets every other candidate aside, and no framework or .default() rule picks one of them (keep .test() on one)"
        }
        let defaults = tied.count { $0.config.isDefault }
        let advice =
            defaults > 1 ? "\(defaults) are .default(): keep .default() on one" : "mark one .default() to pick it"
        return "\(tied.count) components match and no .test(), framework or .default() rule picks one (\(advice))"
    }

    /// What a tie's message adds for `.default()` candidates of a parent container.
    private static func parentDefaults(_ setAside: [Component]) -> String {
        guard !setAside.isEmpty else { return "" }
        let marked = ShortList.joined(DIComponentInfo.listed(setAside.map(\.info)), separator: "; ")
        let which = setAside.count == 1 ? "a .default() above them is" : "\(setAside.count) .default() above them are"
        return "; \(which) set aside, in a container above the one they are registered in "
            + "(the first container of the chain with candidates decides among its own): \(marked)"
    }

    /// The one candidate of a group, or its one `.default()`.
    private static func single(_ group: [Component]) -> Component? {
        if group.count == 1 { return group[0] }
        let defaults = group.filter(\.config.isDefault)
        return defaults.count == 1 ? defaults[0] : nil
    }
}
