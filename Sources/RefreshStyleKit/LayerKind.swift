import RefreshHostABI

/// What a layer draws.
public enum LayerKind: Sendable, Hashable {
    /// Draws nothing itself; holds children.
    case group
    /// Fills/strokes its bounds, with a corner radius.
    case rect
    /// The ellipse inscribed in its bounds.
    case ellipse
    /// A `Path` in local coordinates (`Layer.setPath`).
    case path
    /// One line of text centred in its bounds, in the fill colour, outlined
    /// with the stroke colour at the line width.
    case text
    /// Its fill colour in its bounds, and over it an `Image` or an
    /// `ImageSequence` (`Layer.show`), placed by `contentsGravity`.
    case image

    var c: rh_layer_kind_t {
        switch self {
        case .group: rh_layer_kind_t(RH_LAYER_GROUP)
        case .rect: rh_layer_kind_t(RH_LAYER_RECT)
        case .ellipse: rh_layer_kind_t(RH_LAYER_ELLIPSE)
        case .path: rh_layer_kind_t(RH_LAYER_PATH)
        case .text: rh_layer_kind_t(RH_LAYER_TEXT)
        case .image: rh_layer_kind_t(RH_LAYER_IMAGE)
        }
    }
}
