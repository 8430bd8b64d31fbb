import RefreshHostABI

/// Reads a struct that starts with `uint32_t struct_size` as the plugin wrote
/// it: only the bytes its struct_size covers (an older plugin's struct is
/// shorter, and reading past it would read memory that is not the struct),
/// the rest zero, as the header's RH_HAS_FIELD rule says.
enum VersionedStruct {
    /// The struct, or nil when struct_size is below `minimum` (the size of the
    /// first version that had the struct).
    static func read<T>(_ pointer: UnsafePointer<T>, minimum: Int) -> (value: T, size: Int)? {
        let raw = UnsafeRawPointer(pointer)
        let declared = Int(raw.loadUnaligned(as: UInt32.self))
        guard declared >= minimum else { return nil }
        let size = min(declared, MemoryLayout<T>.size)
        let storage = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
        defer { storage.deallocate() }
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
        storage.copyMemory(from: raw, byteCount: size)
        return (storage.load(as: T.self), size)
    }

    /// Whether a struct of `size` bytes (as read) holds the field at `keyPath`.
    static func has<T, F>(_ keyPath: KeyPath<T, F>, in size: Int) -> Bool {
        guard let offset = MemoryLayout<T>.offset(of: keyPath) else { return false }
        return size >= offset + MemoryLayout<F>.size
    }
}

/// The sizes of the structs as their first version declared them (LP64):
/// what a plugin built for that version puts in struct_size.
enum FirstVersionSize {
    static let timing = MemoryLayout<rh_timing_t>.offset(of: \rh_timing_t.function)!           // 1.0: 48
    static let basicAnimation = MemoryLayout<rh_basic_animation_t>.offset(of: \rh_basic_animation_t.function)! // 1.0: 64
    static let gradient = MemoryLayout<rh_gradient_t>.offset(of: \rh_gradient_t.kind)!          // 1.1: 56
}
