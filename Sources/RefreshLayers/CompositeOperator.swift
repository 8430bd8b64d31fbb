/// How a layer's drawing combines with what its parent drew before it
/// (rh.effects/1, RH_COMPOSITE_*): the parent's content and earlier siblings.
/// The operators Lottie's Merge Paths need, as coverage: over is a union,
/// out removes (subtract), in keeps only the overlap (intersect), xor keeps
/// what only one of them covers (exclude); add sums the colours (a glow).
public enum CompositeOperator: Int, Sendable, CaseIterable {
    case over = 0, add = 1, out = 2, intersect = 3, xor = 4

    /// The model value of RH_EFFECT_COMPOSITE (a whole number in its range).
    public init(value: Double) {
        self = CompositeOperator(rawValue: Int(value.isFinite ? value.rounded() : 0)) ?? .over
    }

    public var name: String {
        switch self {
        case .over: "over"
        case .add: "add"
        case .out: "out"
        case .intersect: "in"
        case .xor: "xor"
        }
    }
}
