import DIRuntime

/// Observers, in the order they were attached: a list that never changes once made, of one
/// node per observer (`nil`: no observer).
///
/// A hub replaces its list when an observer comes or goes, so a resolve that took one at
/// its start holds it to its end (one reference, not an array per resolve). Each node keeps
/// its observer and the rest of the list in constants, which a delivery calls and follows
/// in place: an observer read out of an array would be retained and released per event.
/// A delivery and the list's release go down the nodes one call deeper each: a list is
/// meant for the handful of observers a process attaches, not for thousands.
final class ObserverList: Sendable {
    let observer: any DIObserver
    let next: ObserverList?

    init(_ observer: any DIObserver, then next: ObserverList?) {
        self.observer = observer
        self.next = next
    }

    /// The list of `observers`, in their order; `nil` when there are none.
    static func of(_ observers: some BidirectionalCollection<any DIObserver>) -> ObserverList? {
        observers.reversed().reduce(nil) { rest, observer in ObserverList(observer, then: rest) }
    }

    /// The observers, in order.
    var all: [any DIObserver] {
        var all: [any DIObserver] = []
        var node: ObserverList? = self
        while let current = node {
            all.append(current.observer)
            node = current.next
        }
        return all
    }

    /// This list, then `other`'s observers (which it shares, unchanged). An observer in
    /// both (attached to a child and to its parent, or also process-wide) is called once,
    /// where `other` calls it.
    func followed(by other: ObserverList) -> ObserverList {
        let rest = next?.followed(by: other) ?? other
        return other.contains(observer) ? rest : ObserverList(observer, then: rest)
    }

    /// Whether `candidate` is one of the observers.
    private func contains(_ candidate: any DIObserver) -> Bool {
        var node: ObserverList? = self
        while let current = node {
            if current.observer === candidate { return true }
            node = current.next
        }
        return false
    }

    /// Calls each observer with `event`, in order.
    func deliver(_ event: DIEvent) {
        observer.receive(event)
        next?.deliver(event)
    }
}
