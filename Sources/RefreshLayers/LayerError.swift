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
    /// ABI 1.2: a dash pattern on a layer with no stroke (group, image).
    case noStroke(LayerID, LayerKind)
    /// ABI 1.2: a dash pattern that breaks a rule of layer_set_dash.
    case invalidDash(String)
    /// ABI 1.2: a mask that is not a direct child, or has no shape for a path mask.
    case invalidMask(String)
    /// ABI 1.2: a font that breaks a rule of rh_font_t.
    case invalidFont(String)
    /// ABI 1.2: a keyframe animation with a value, key time or timing out of range.
    case invalidKeyframes(String)
    /// ABI 1.2: keyframe paths or gradients of different structure (no morph between them).
    case mismatchedKeyframes(String)

    public var description: String {
        switch self {
        case .unknownLayer(let id): "unknown layer \(id)"
        case .outOfRange(let p, let v): "\(p.name) = \(v) is out of range \(p.rangeDescription)"
        case .invalidColor: "colour components must be finite and in [0, 1]"
        case .wrongKind(let id, let kind): "layer \(id) is not a \(kind.name) layer"
        case .noOpenAnimation: "no open animate block"
        case .notKeyframes: "keyframe outside a keyframes animate block"
        case .invalidTiming(let why): "invalid timing: \(why)"
        case .tooLarge(let why): "too large: \(why)"
        case .invalidGradient(let why): why
        case .noFill(let id, let kind): "layer \(id) is a \(kind.name) layer; a gradient fills a rect, ellipse or path layer"
        case .noStroke(let id, let kind): "layer \(id) is a \(kind.name) layer, which has no stroke to dash"
        case .invalidDash(let why), .invalidMask(let why), .invalidFont(let why): why
        case .invalidKeyframes(let why), .mismatchedKeyframes(let why): why
        }
    }
}
