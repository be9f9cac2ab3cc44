import DIRuntime

/// A traced request's name or tags, boxed once per request for its frame and its events.
///
/// Most requests have neither: their frame and events hold `nil`, one word that costs
/// nothing to copy or let go of, where a ``DIQualifier`` (an enum with a string, a tag or a
/// list in it) is copied and destroyed case by case at each of a request's three events.
final class QualifierBox: Sendable {
    let qualifier: DIQualifier

    private init(_ qualifier: DIQualifier) {
        self.qualifier = qualifier
    }

    /// The box of `qualifier`; `nil` for none.
    static func of(_ qualifier: DIQualifier) -> QualifierBox? {
        if case .none = qualifier { return nil }
        return QualifierBox(qualifier)
    }
}

extension Optional<QualifierBox> {
    /// The boxed qualifier, or none.
    var qualifier: DIQualifier { self?.qualifier ?? .none }
}
