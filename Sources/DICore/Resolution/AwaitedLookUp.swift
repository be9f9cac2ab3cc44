/// What an awaited request from outside any resolve finds remembered, looked up before the
/// request awaits anything: whether it can be answered on the caller's thread at once (see
/// ``DIContainer/resolveNow(_:_:stripe:)``), and what the async way starts from if not.
struct AwaitedLookUp {
    /// The ``Epochs/answers`` count the answer was looked up under.
    let epoch: Int
    /// Whether the resolve reports events.
    let observed: Bool
    /// The request's name or tags.
    let qualifier: DIQualifier
    /// What the lookup found.
    let found: AnswerCache.Found

    /// Whether the lookup found the instance itself (a cached component's, or the `nil` of
    /// an optional request nothing answers): answered with no user code run, so on the
    /// caller's own actor, without leaving it (``DIContainer/resolveNow(_:_:stripe:)``).
    var foundInstance: Bool {
        switch found {
        case .nothing: false
        case .object: true
        case .answer(let answer): answer.isInstance
        }
    }

    /// The answer the async way starts from, if one was found and it is not an instance:
    /// a value that may leave the caller's actor (a found instance is the caller's own
    /// reference, see ``AnswerCache/lookUp(_:epoch:objects:)``).
    var remembered: AnswerCache.Answer? {
        if case .answer(let answer) = found, !answer.isInstance { return answer }
        return nil
    }

    /// Whether the request needs no await: a remembered instance, or a remembered plan that
    /// awaits nothing — its cached instances that may need an await to make are made in
    /// `container` (``DIContainer/keptInstancesReady(for:)``) — outside a resolve in
    /// progress on this thread (a synchronous factory's nested resolve joins that one).
    func answersNow(in container: DIContainer) -> Bool {
        switch found {
        case .nothing: return false
        case .object: return true
        case .answer(let answer):
            if answer.isInstance { return true }
            guard let plan = answer.plan, plan.isSynchronous, !ResolveLink.isInProgress else { return false }
            return container.keptInstancesReady(for: plan)
        }
    }
}
