@_spi(Tranquil) import DILazy

/// The process-wide slots of `single` and `perApplication` components.
///
/// A slot is keyed by the registered type and the `register` call's file and line, so the
/// same line registering in two containers shares one instance.
enum ApplicationStorage {
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let file: String
        let line: UInt
    }

    private static let slots = Locked<[Key: Slot]>([:])

    /// The shared slot for a registration, created on first request.
    static func slot(type: Any.Type, file: String, line: UInt, kind: DIReferenceKind) -> Slot {
        let key = Key(type: ObjectIdentifier(type), file: file, line: line)
        return slots.withLock { slots in
            if let slot = slots[key] { return slot }
            let slot = Slot(kind: kind)
            slots[key] = slot
            return slot
        }
    }
}
