/// A reference that does not retain its object: one a resolve reads for as long as it
/// runs, which whoever started the resolve holds anyway (its container).
///
/// A strong reference costs a retain when it is set and a release when it is cleared, two
/// atomic operations per resolve, for an object alive throughout.
///
/// Invariant: whoever sets a reference keeps its object alive until the reference is set
/// again or cleared, and nothing reads it after that.
///
/// With `TRANQUIL_INTERNAL_CHECKS` the reference also keeps a weak one, and reading it
/// after its object went stops the process.
@usableFromInline
package struct UnretainedReference<Object: AnyObject> {
    @usableFromInline var reference: Unmanaged<Object>?
    #if TRANQUIL_INTERNAL_CHECKS
    @usableFromInline weak var watched: Object?
    #endif

    /// No object.
    @inlinable
    package init() {}

    /// The object, if one is set; whoever set it keeps it alive.
    @inlinable
    package var object: Object? {
        get {
            #if TRANQUIL_INTERNAL_CHECKS
            precondition(
                reference == nil || watched != nil,
                "Tranquil internal check: an unretained reference was read after its object was freed"
            )
            #endif
            return reference?.takeUnretainedValue()
        }
        set {
            reference = newValue.map { Unmanaged.passUnretained($0) }
            #if TRANQUIL_INTERNAL_CHECKS
            watched = newValue
            #endif
        }
    }
}
