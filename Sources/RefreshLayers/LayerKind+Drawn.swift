/// Which values a kind of layer draws. Every value is stored on every kind
/// (layer_get returns it, animations run), as CALayer keeps a property a
/// subclass ignores; these say whether it changes a pixel, so that the host
/// can tell a style that sets one in vain instead of ignoring it silently.
/// The renderer (RefreshRender's Rasterizer) is what they describe.
extension LayerKind {
    /// Kinds with an outline a stroke follows: trim, dashes, caps and joins apply.
    public var hasStroke: Bool { self == .rect || self == .ellipse || self == .path || self == .text }

    /// Whether this kind draws `property`. Geometry, transform, opacity,
    /// clipping (with its corner radius) and shadows apply to every kind.
    public func draws(_ property: LayerProperty) -> Bool {
        switch property {
        case .lineWidth, .strokeStart, .strokeEnd, .lineCap, .lineJoin, .miterLimit, .dashPhase:
            hasStroke
        // A rect's or an ellipse's outline is one contour: both rules fill it alike.
        case .fillRule: self == .path
        case .fontSize, .fontWeight: self == .text
        case .contentsGravity, .contentsScale: self == .image
        default: true
        }
    }

    /// Whether this kind draws the colour `property`.
    public func draws(_ property: ColorProperty) -> Bool {
        switch property {
        case .fill: self != .group
        case .stroke: hasStroke
        case .shadow: true
        }
    }
}
