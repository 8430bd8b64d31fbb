import RefreshHostABI
import RefreshLayers
/// A service's arguments as the trace shows them: numbers as they are,
/// pointers in hex (NULL when null; never followed: the trace reads nothing
/// the plugin handed over), in the ABI's order, the host pointer left out.
extension HostServices {
    static func shown(_ values: Any?...) -> String {
        values.map { value -> String in
            switch value {
            case nil: "NULL"
            case let v as Double: "\(v)"
            case let p as UnsafeRawPointer: hex(UInt(bitPattern: p))
            case let p as UnsafeMutableRawPointer: hex(UInt(bitPattern: p))
            case let v?: pointerBits(v).map(hex) ?? "\(v)"
            }
        }.joined(separator: ", ")
    }

    private static func hex(_ bits: UInt) -> String { "0x" + String(bits, radix: 16) }

    /// A layer property by its key-path name (`bounds.width`), or its number when it has none.
    static func shown(property raw: rh_property_t) -> String {
        LayerProperty(rawValue: raw)?.name ?? "property \(raw)"
    }

    /// An rh.effects/1 property (RH_EFFECT_*, 256 and up) by the engine property it
    /// sets (`effects.blurRadius`), or its number when it is none.
    static func shown(effectProperty raw: rh_effect_property_t) -> String {
        (try? effectProperty(raw))?.name ?? "effect property \(raw)"
    }

    /// A colour property by name (`fillColor`).
    static func shown(colorProperty raw: rh_color_property_t) -> String {
        ColorProperty(rawValue: raw)?.name ?? "colour property \(raw)"
    }

    /// A typed pointer's address (UnsafePointer<T> of any T), or nil for anything else.
    private static func pointerBits(_ value: Any) -> UInt? {
        // (Its address: a pointer's hashValue is seeded, not the address.)
        func address<P: _Pointer>(_ pointer: P) -> UInt { UInt(bitPattern: pointer) }
        guard let pointer = value as? any _Pointer else { return nil }
        return address(pointer)
    }
}
