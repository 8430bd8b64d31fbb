import RefreshHostABI

/// Reads a struct that starts with `uint32_t struct_size` as the plugin wrote
/// it: only the bytes its struct_size covers (an older plugin's struct is
/// shorter, and reading past it would read memory that is not the struct),
/// the rest zero, as the header's RH_HAS_FIELD rule says.
public enum VersionedStruct {
    /// ABI 1.0's rh_style_descriptor_t and rh_instance_t end where 1.3's
    /// appended fields begin: the least struct_size a plugin may declare.
    public static let descriptorMinimum = MemoryLayout<rh_style_descriptor_t>.offset(of: \rh_style_descriptor_t.trigger_distance)!
    public static let instanceMinimum = MemoryLayout<rh_instance_t>.offset(of: \rh_instance_t.position)!

    /// The struct, or nil when struct_size is below `minimum` (the size of the
    /// first version that had the struct).
    /// `sizeAt` is where struct_size is: 0, except in rh_entry_t (after the version).
    public static func read<T>(_ pointer: UnsafePointer<T>, minimum: Int, sizeAt: Int = 0) -> (value: T, size: Int)? {
        let raw = UnsafeRawPointer(pointer)
        let declared = Int(raw.loadUnaligned(fromByteOffset: sizeAt, as: UInt32.self))
        guard declared >= minimum else { return nil }
        let size = min(declared, MemoryLayout<T>.size)
        // On the stack: animate_begin and layer_add_animation run this every cycle.
        return withUnsafeTemporaryAllocation(byteCount: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment) { storage in
            let base = storage.baseAddress!
            base.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
            base.copyMemory(from: raw, byteCount: size)
            return (base.load(as: T.self), size)
        }
    }

    /// `read`, or the refusal every service gives a struct_size below `minimum`:
    /// RH_ERR_INVALID_ARGUMENT, naming the argument and the size it declared.
    static func require<T>(_ pointer: UnsafePointer<T>, minimum: Int, name: String) throws(ServiceError) -> (value: T, size: Int) {
        guard let read = read(pointer, minimum: minimum) else {
            let declared = UnsafeRawPointer(pointer).loadUnaligned(as: UInt32.self)
            throw ServiceError(RH_ERR_INVALID_ARGUMENT, "\(name).struct_size \(declared) is too small (at least \(minimum))")
        }
        return read
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
