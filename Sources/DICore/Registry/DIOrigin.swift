import DILazy

/// Where a registration came from: the framework and part being loaded when it was made.
package struct DIOrigin: Hashable, Sendable {
    package var framework: OriginUnit?
    package var part: OriginUnit?

    package init(framework: OriginUnit? = nil, part: OriginUnit? = nil) {
        self.framework = framework
        self.part = part
    }

    /// Whether the registration was made inside a framework's or part's `load`.
    package var isInLoad: Bool { framework != nil || part != nil }
}
