/// Counts the distinct objects reachable from some roots through their stored properties.
///
/// A check, not a measurement: before a case that builds object graphs is timed, its setup
/// builds one round of each variant and compares the counts, so the hand-written code,
/// Tranquil and Swinject are known to make the same objects (a lifetime that shared too
/// much or too little would otherwise show up only as a flattering or unflattering ratio).
enum ObjectCensus {
    /// The number of distinct objects among `roots` and everything they reach.
    static func count(_ roots: [AnyObject]) -> Int {
        var seen = Set<ObjectIdentifier>()
        var pending = roots
        while let object = pending.popLast() {
            guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
            var mirror: Mirror? = Mirror(reflecting: object)
            while let current = mirror {
                for child in current.children {
                    // Every stored property of the benchmark's graphs is a non-optional class.
                    if type(of: child.value) is AnyClass { pending.append(child.value as AnyObject) }
                }
                mirror = current.superclassMirror
            }
        }
        return seen.count
    }

    /// The objects one round of `make` feeds to its sink, counted; stops the run if they are
    /// not `expected` (the variants would not be doing the same work).
    static func check(_ variant: String, expected: Int, _ make: ((AnyObject) -> Void) -> Void) {
        var roots: [AnyObject] = []
        make { roots.append($0) }
        let made = count(roots)
        precondition(made == expected, "\(variant) made \(made) objects, expected \(expected)")
    }
}
