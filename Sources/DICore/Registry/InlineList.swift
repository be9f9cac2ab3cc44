import DILazy

/// A list that holds a single element inline: the registry's candidates for a key, a graph
/// edge's targets, the keys and types a component is indexed under.
///
/// Almost every key has one component, almost every dependency one target and almost every
/// component one key, so the common case costs no allocation: registering or graphing
/// thousands of components then allocates per component, not per key or edge as well.
enum InlineList<Element>: RandomAccessCollection {
    case one(Element)
    /// Any other count (never exactly one: that is ``one(_:)``).
    case many([Element])

    /// No elements.
    static var empty: Self { .many([]) }

    /// The elements of `elements`.
    init(_ elements: [Element]) {
        self = elements.count == 1 ? .one(elements[0]) : .many(elements)
    }

    var startIndex: Int { 0 }

    var endIndex: Int {
        switch self {
        case .one: 1
        case .many(let list): list.count
        }
    }

    subscript(offset: Int) -> Element {
        switch self {
        case .one(let element): element
        case .many(let list): list[offset]
        }
    }

    /// Adds an element at the end.
    mutating func append(_ element: Element) {
        switch self {
        case .many(let list) where list.isEmpty:
            self = .one(element)
        case .one(let existing):
            self = .many([existing, element])
        case .many(var list):
            self = .empty  // lets `list` be changed in place
            list.append(element)
            self = list.count == 1 ? .one(list[0]) : .many(list)
        }
    }

}

extension InlineList where Element: Comparable {
    /// Adds an element to an ascending list, in order (once).
    mutating func insertSorted(_ element: Element) {
        switch self {
        case .many(let list) where list.isEmpty:
            self = .one(element)
        case .one(let existing):
            guard existing != element else { return }
            self = .many(existing < element ? [existing, element] : [element, existing])
        case .many(var list):
            self = .empty  // lets `list` be changed in place
            let slot = Self.slot(of: element, in: list)
            if slot == list.count || list[slot] != element { list.insert(element, at: slot) }
            self = list.count == 1 ? .one(list[0]) : .many(list)
        }
    }

    /// Takes an element out of an ascending list.
    ///
    /// - Returns: Whether any element is left.
    mutating func removeSorted(_ element: Element) -> Bool {
        switch self {
        case .one(let existing):
            return existing != element
        case .many(var list):
            self = .empty  // lets `list` be changed in place
            let slot = Self.slot(of: element, in: list)
            if slot < list.count, list[slot] == element { list.remove(at: slot) }
            self = list.count == 1 ? .one(list[0]) : .many(list)
            return !list.isEmpty
        }
    }

    /// Where `element` is, or belongs, in ascending `list` (binary search: a modifier costs
    /// O(log n) however many components share a key).
    private static func slot(of element: Element, in list: [Element]) -> Int {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < element { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension InlineList: Sendable where Element: Sendable {}
