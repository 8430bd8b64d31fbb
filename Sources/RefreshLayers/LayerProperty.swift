/// Numeric layer properties. Raw values match rh_property_t.
/// 9 (RH_PROP_SCALE) is deliberately absent: the ABI bridge expands that alias
/// to scaleX + scaleY, so the engine only ever sees real storage slots.
public enum LayerProperty: Int32, Sendable, CaseIterable {
    case positionX = 0, positionY = 1, width = 2, height = 3, anchorX = 4, anchorY = 5, rotation = 6,
        scaleX = 7, scaleY = 8, translationX = 10, translationY = 11, opacity = 12, cornerRadius = 13,
        lineWidth = 14, zPosition = 15, hidden = 16, clipsToBounds = 17, fontSize = 18, fontWeight = 19

    /// Number of slots in a value array indexed by raw value (RH_PROP_COUNT).
    public static let slotCount = 20

    /// Default per refresh_host.h.
    public var defaultValue: Double {
        switch self {
        case .anchorX, .anchorY: 0.5
        case .scaleX, .scaleY, .opacity, .lineWidth: 1
        case .fontSize: 17
        default: 0
        }
    }

    /// The accepted closed range per refresh_host.h.
    public var range: ClosedRange<Double> {
        switch self {
        case .positionX, .positionY, .rotation, .translationX, .translationY, .zPosition: -1e6...1e6
        case .width, .height, .cornerRadius: 0...1e6
        case .anchorX, .anchorY: -1e3...1e3
        case .scaleX, .scaleY: -1e4...1e4
        case .opacity: 0...1
        case .lineWidth: 0...1e3
        case .hidden, .clipsToBounds, .fontWeight: 0...1
        case .fontSize: 1...1000
        }
    }

    /// Flags that take only 0 or 1: animations cannot tween them, they snap.
    public var isDiscrete: Bool {
        switch self {
        case .hidden, .clipsToBounds, .fontWeight: true
        default: false
        }
    }

    /// Finite and inside `range`; discrete properties accept exactly 0 or 1.
    public func accepts(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        if isDiscrete { return value == 0 || value == 1 }
        return range.contains(value)
    }

    /// Clamps an in-between (eased, possibly overshooting) value into the range,
    /// so the presentation layer never shows what a setter would refuse.
    func clamped(_ value: Double) -> Double {
        if value.isNaN { return defaultValue }
        return min(max(value, range.lowerBound), range.upperBound)
    }

    /// Key-path style name, for logs.
    public var name: String {
        switch self {
        case .positionX: "position.x"
        case .positionY: "position.y"
        case .width: "bounds.width"
        case .height: "bounds.height"
        case .anchorX: "anchorPoint.x"
        case .anchorY: "anchorPoint.y"
        case .rotation: "rotation"
        case .scaleX: "scale.x"
        case .scaleY: "scale.y"
        case .translationX: "translation.x"
        case .translationY: "translation.y"
        case .opacity: "opacity"
        case .cornerRadius: "cornerRadius"
        case .lineWidth: "lineWidth"
        case .zPosition: "zPosition"
        case .hidden: "hidden"
        case .clipsToBounds: "clipsToBounds"
        case .fontSize: "fontSize"
        case .fontWeight: "fontWeight"
        }
    }

    /// Model values of a fresh layer, indexed by raw value (slot 9 mirrors scaleX).
    static let defaultSlots: [Double] = {
        var slots = [Double](repeating: 0, count: slotCount)
        for p in allCases { slots[Int(p.rawValue)] = p.defaultValue }
        slots[9] = LayerProperty.scaleX.defaultValue
        return slots
    }()
}
