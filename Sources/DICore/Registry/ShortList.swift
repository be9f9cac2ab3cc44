/// How many items of a list a message spells out; the rest are counted (`and 9,990 more`).
///
/// One type registered 10,000 times made an ambiguity error of 470,098 characters, and a
/// trapping `resolve()` put all of it in the crash report. The full list stays on the value
/// (``DIError/candidates``, ``DIGraph/Edge/to``).
enum ShortList {
    static let limit = 10

    /// `items` as a message lists them: the first ``limit``, then how many more.
    static func joined(_ items: [String], separator: String) -> String {
        guard items.count > limit else { return items.joined(separator: separator) }
        return (items.prefix(limit) + ["and \(items.count - limit) more"]).joined(separator: separator)
    }

    /// A resolution chain as a message shows it: `A → B → C`, or for a chain of more than
    /// ``limit`` types, the first and last five around how many were left out.
    static func chain(_ path: [String]) -> String {
        guard path.count > limit else { return path.joined(separator: " → ") }
        let half = limit / 2
        let middle = "(\(path.count - 2 * half) more)"
        return (path.prefix(half) + [middle] + path.suffix(half)).joined(separator: " → ")
    }
}
