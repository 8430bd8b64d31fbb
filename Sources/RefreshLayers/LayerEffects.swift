/// A layer's rh.effects/1 values as drawn: kept apart from LayerSnapshot.values
/// so the core's properties (frame dumps, checks) list exactly what they did.
public struct LayerEffects: Equatable, Sendable {
    /// The Gaussian blur of the layer's drawing, in its parent's points
    /// (sigma = radius / 2, as a shadow's); 0 draws it sharp.
    public var blurRadius: Double
    public var composite: CompositeOperator

    public init(blurRadius: Double = 0, composite: CompositeOperator = .over) {
        self.blurRadius = blurRadius
        self.composite = composite
    }

    public static let none = LayerEffects()

    public var isNone: Bool { self == .none }
}
