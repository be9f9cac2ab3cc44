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
    ///
    /// The result is a strong reference: a caller that keeps it past a call it cannot see
    /// into retains it. ``borrowing(_:)`` lends it for a call without that.
    @inlinable
    package var object: Object? {
        get {
            checkAlive()
            return reference?.takeUnretainedValue()
        }
        set {
            reference = newValue.map { Unmanaged.passUnretained($0) }
            #if TRANQUIL_INTERNAL_CHECKS
            watched = newValue
            #endif
        }
    }

    /// Calls `body` with the object, if one is set, borrowed for the call: no retain before
    /// it and no release after, even when `body` calls code the compiler cannot see into.
    /// Whoever set the reference keeps the object alive until `body` returns.
    ///
    /// With `TRANQUIL_INTERNAL_CHECKS` the call holds the object too, and stops the process
    /// if it held the last reference when `body` returned (its owner let go meanwhile).
    @inlinable
    package func borrowing(_ body: (Object) -> Void) {
        checkAlive()
        #if TRANQUIL_INTERNAL_CHECKS
        guard var held = watched else { return }
        body(held)
        precondition(
            !isKnownUniquelyReferenced(&held),
            "Tranquil internal check: an object lent by an unretained reference was let go while borrowed"
        )
        #else
        reference?._withUnsafeGuaranteedRef(body)
        #endif
    }

    /// Calls `body` with the object, which must be set, borrowed for the call as by
    /// ``borrowing(_:)``, and returns what `body` returns or throws what it throws.
    ///
    /// With `TRANQUIL_INTERNAL_CHECKS`, as ``borrowing(_:)``: the call holds the object, and
    /// stops the process if its owner let go of it meanwhile (or if none is set).
    @inlinable @inline(__always)
    package func lending<Value, Failure: Error>(
        _ body: (Object) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        checkAlive()
        #if TRANQUIL_INTERNAL_CHECKS
        guard var held = watched else {
            preconditionFailure("Tranquil internal check: an unretained reference lent with no object set")
        }
        defer {
            precondition(
                !isKnownUniquelyReferenced(&held),
                "Tranquil internal check: an object lent by an unretained reference was let go while borrowed"
            )
        }
        return try body(held)
        #else
        guard let reference else { preconditionFailure("an unretained reference lent with no object set") }
        // Rethrown as `Failure`, the only error `body` throws: a `Result` carrying the value
        // out would copy it through its type's metadata in unspecialized code.
        do {
            return try reference._withUnsafeGuaranteedRef { object in try body(object) }
        } catch let error as Failure {
            throw error
        } catch {
            preconditionFailure("unreachable: the body throws only \(Failure.self)")
        }
        #endif
    }

    @inlinable
    func checkAlive() {
        #if TRANQUIL_INTERNAL_CHECKS
        precondition(
            reference == nil || watched != nil,
            "Tranquil internal check: an unretained reference was read after its object was freed"
        )
        #endif
    }
}
