/// A list with at least one element, whose usual single element is kept inline.
///
/// Every component is indexed under its own type and key, and most under nothing else: as
/// arrays, those two one-element lists would be two allocations per registration.
struct OneOrMore<Element>: RandomAccessCollection {
    /// The first element.
    let head: Element
    /// The elements after the first (empty, and unallocated, for a single element).
    let tail: [Element]

    /// A single element.
    init(_ head: Element) {
        self.head = head
        tail = []
    }

    /// The elements of `elements`, which must not be empty.
    init(_ elements: [Element]) {
        precondition(!elements.isEmpty, "OneOrMore needs an element")
        head = elements[0]
        tail = Array(elements.dropFirst())
    }

    var startIndex: Int { 0 }
    var endIndex: Int { tail.count + 1 }

    subscript(position: Int) -> Element {
        position == 0 ? head : tail[position - 1]
    }
}

extension OneOrMore: Sendable where Element: Sendable {}
