/// Why a layer-tree call was refused. On any error nothing was changed.
public enum LayerError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownLayer(LayerID)
    case outOfRange(LayerProperty, Double)
    case invalidColor
    case wrongKind(LayerID, expected: LayerKind)
    case noOpenAnimation
    case notKeyframes
    case invalidTiming(String)
    case tooLarge(String)
    /// A gradient that breaks a rule of rh_gradient_t (the text says which).
    case invalidGradient(String)
    /// A gradient on a layer that has no fill to paint (group, text).
    case noFill(LayerID, LayerKind)

    public var description: String {
        switch self {
        case .unknownLayer(let id): "unknown layer \(id)"
        case .outOfRange(let p, let v): "\(p.name) = \(v) is out of range \(p.isDiscrete ? "{0, 1}" : "\(p.range)")"
        case .invalidColor: "colour components must be finite and in [0, 1]"
        case .wrongKind(let id, let kind): "layer \(id) is not a \(kind.name) layer"
        case .noOpenAnimation: "no open animate block"
        case .notKeyframes: "keyframe outside a keyframes animate block"
        case .invalidTiming(let why): "invalid timing: \(why)"
        case .tooLarge(let why): "too large: \(why)"
        case .invalidGradient(let why): why
        case .noFill(let id, let kind): "layer \(id) is a \(kind.name) layer; a gradient fills a rect, ellipse or path layer"
        }
    }
}
