/// How a mask layer masks the layer it belongs to. Raw values match rh_mask_mode_t.
public enum MaskMode: Int32, Equatable, Sendable {
    /// The mask layer's subtree is drawn; its alpha lets the masked layer show.
    case alpha = 0
    /// The mask layer's own shape (path, rounded rect, ellipse) clips the masked layer.
    case path = 1
}

/// A layer's mask: one of its direct children, not drawn as a child (ABI 1.2).
public struct LayerMask: Equatable, Sendable {
    public var layer: LayerID
    public var mode: MaskMode

    public init(layer: LayerID, mode: MaskMode) {
        self.layer = layer
        self.mode = mode
    }
}
