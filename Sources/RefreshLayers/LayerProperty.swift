/// Numeric layer properties. Raw values match rh_property_t.
/// 9 (RH_PROP_SCALE) is deliberately absent: the ABI bridge expands that alias
/// to scaleX + scaleY, so the engine only ever sees real storage slots.
public enum LayerProperty: Int32, Sendable, CaseIterable {
    case positionX = 0, positionY = 1, width = 2, height = 3, anchorX = 4, anchorY = 5, rotation = 6,
        scaleX = 7, scaleY = 8, translationX = 10, translationY = 11, opacity = 12, cornerRadius = 13,
        lineWidth = 14, zPosition = 15, hidden = 16, clipsToBounds = 17, fontSize = 18, fontWeight = 19,
        // ABI 1.2
        strokeStart = 20, strokeEnd = 21, lineCap = 22, lineJoin = 23, miterLimit = 24, dashPhase = 25,
        fillRule = 26, shadowOpacity = 27, shadowRadius = 28, shadowOffsetX = 29, shadowOffsetY = 30,
        contentsGravity = 31, contentsScale = 32,
        // rh.effects/1 (ABI 1.5): not rh_property_t values; the core's services refuse
        // them and only the extension's reach them (see LayerProperty+Effects).
        blurRadius = 33, compositeOperator = 34

    /// Number of slots in a value array indexed by raw value (RH_PROP_COUNT): the
    /// core's properties, the ones rh_property_t names.
    public static let slotCount = 33

    /// Slots a layer stores: the core's and the effects' (rh.effects/1).
    public static let storageCount = 35

    /// The core's properties (rh_property_t), in raw value order: what snapshots,
    /// frame dumps and checks list. The effects travel in LayerEffects.
    public static let allCases: [LayerProperty] = [
        .positionX, .positionY, .width, .height, .anchorX, .anchorY, .rotation, .scaleX, .scaleY,
        .translationX, .translationY, .opacity, .cornerRadius, .lineWidth, .zPosition, .hidden, .clipsToBounds,
        .fontSize, .fontWeight, .strokeStart, .strokeEnd, .lineCap, .lineJoin, .miterLimit, .dashPhase,
        .fillRule, .shadowOpacity, .shadowRadius, .shadowOffsetX, .shadowOffsetY, .contentsGravity, .contentsScale,
    ]

    /// rh.effects/1's properties.
    public static let effectCases: [LayerProperty] = [.blurRadius, .compositeOperator]

    /// One of rh_property_t's (the core's), not an effect.
    public var isCore: Bool { rawValue < Int32(Self.slotCount) }

    /// Default per refresh_host.h.
    public var defaultValue: Double {
        switch self {
        case .anchorX, .anchorY: 0.5
        case .scaleX, .scaleY, .opacity, .lineWidth, .strokeEnd, .contentsScale: 1
        case .fontSize: 17
        case .miterLimit: 10
        case .shadowRadius: 3
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
        case .hidden, .clipsToBounds, .fontWeight, .fillRule: 0...1
        case .fontSize: 1...1000
        case .strokeStart, .strokeEnd, .shadowOpacity: 0...1
        case .lineCap, .lineJoin: 0...2
        case .contentsGravity: 0...3
        case .miterLimit: 1...1e3
        case .dashPhase: -1e6...1e6
        case .shadowRadius: 0...Self.maxShadowRadius
        case .shadowOffsetX, .shadowOffsetY: -1e3...1e3
        case .contentsScale: 1e-2...1e2
        case .blurRadius: 0...Self.maxBlurRadius
        case .compositeOperator: 0...Double(CompositeOperator.allCases.count - 1)
        }
    }

    /// RH_SHADOW_MAX_RADIUS: the blur's cost grows with its radius.
    public static let maxShadowRadius = 100.0

    /// RH_EFFECTS_MAX_BLUR_RADIUS: as a shadow's, the blur's cost grows with it.
    public static let maxBlurRadius = 100.0

    /// Flags and enumerations (whole numbers in `range`): animations cannot
    /// tween them, they snap.
    public var isDiscrete: Bool {
        switch self {
        case .hidden, .clipsToBounds, .fontWeight, .lineCap, .lineJoin, .fillRule, .contentsGravity,
             .compositeOperator: true
        default: false
        }
    }

    /// Finite and inside `range`; discrete properties accept exactly the whole numbers in it.
    public func accepts(_ value: Double) -> Bool {
        guard value.isFinite, range.contains(value) else { return false }
        return !isDiscrete || value == value.rounded()
    }

    /// The range as an error message shows it: "{0, 1, 2}" for a discrete property.
    public var rangeDescription: String {
        guard isDiscrete else { return "\(range)" }
        let values = stride(from: range.lowerBound, through: range.upperBound, by: 1).map { String(Int($0)) }
        return "{" + values.joined(separator: ", ") + "}"
    }

    /// The version of the ABI that added the property (1.0 for the first twenty).
    public var sinceMinor: Int { rawValue >= 33 ? 5 : rawValue >= 20 ? 2 : 0 }

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
        case .strokeStart: "strokeStart"
        case .strokeEnd: "strokeEnd"
        case .lineCap: "lineCap"
        case .lineJoin: "lineJoin"
        case .miterLimit: "miterLimit"
        case .dashPhase: "lineDashPhase"
        case .fillRule: "fillRule"
        case .shadowOpacity: "shadowOpacity"
        case .shadowRadius: "shadowRadius"
        case .shadowOffsetX: "shadowOffset.x"
        case .shadowOffsetY: "shadowOffset.y"
        case .contentsGravity: "contentsGravity"
        case .contentsScale: "contentsScale"
        case .blurRadius: "effects.blurRadius"
        case .compositeOperator: "effects.compositeOperator"
        }
    }

    /// Model values of a fresh layer, indexed by raw value (slot 9 mirrors scaleX).
    static let defaultSlots: [Double] = {
        var slots = [Double](repeating: 0, count: storageCount)
        for p in allCases + effectCases { slots[Int(p.rawValue)] = p.defaultValue }
        slots[9] = LayerProperty.scaleX.defaultValue
        return slots
    }()
}
