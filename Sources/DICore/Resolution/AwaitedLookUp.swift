/// What an awaited request from outside any resolve finds remembered, looked up before the
/// request awaits anything: whether it can be answered on the caller's thread at once (see
/// ``DIContainer/resolveNow(_:_:)``), and what the async way starts from if not.
struct AwaitedLookUp {
    /// The ``Epochs/answers`` count the answer was looked up under.
    let epoch: Int
    /// Whether the resolve reports events.
    let observed: Bool
    /// The request's name or tags.
    let qualifier: DIQualifier
    /// What the lookup found.
    let found: AnswerCache.Found

    /// Whether the request needs no await: a remembered instance, or a remembered plan that
    /// awaits nothing, outside a resolve in progress on this thread (a synchronous
    /// factory's nested resolve joins that one).
    var answersNow: Bool {
        switch found {
        case .nothing: false
        case .object: true
        case .answer(let answer): answer.isInstance || (answer.plan?.isSynchronous == true && !ResolveLink.isInProgress)
        }
    }
}
