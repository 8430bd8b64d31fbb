import RefreshHostABI

/// How a mask layer masks (`Layer.setMask`).
public enum MaskMode: Sendable, Hashable {
    /// The mask's subtree is drawn, colours ignored and alpha kept: the
    /// masked layer shows where the mask is opaque.
    case alpha
    /// The mask's own shape (path, rect with its corner radius, ellipse),
    /// filled by its fill rule, clips the masked layer.
    case path

    var c: rh_mask_mode_t {
        switch self {
        case .alpha: rh_mask_mode_t(RH_MASK_ALPHA)
        case .path: rh_mask_mode_t(RH_MASK_PATH)
        }
    }
}

extension Layer {
    /// Masks this layer with `mask`, a direct child of it that is then no
    /// longer drawn as a child: this layer's content and other children show
    /// only through it. Nil removes the mask. Not animatable; the mask
    /// layer's own properties are (move it, scale it, trim nothing).
    @discardableResult
    public func setMask(_ mask: Layer?, mode: MaskMode = .alpha) -> Status {
        let raw = host.raw
        return status(raw.pointee.layer_set_mask?(raw, handle, mask?.handle ?? RH_LAYER_NONE, mode.c))
    }
}
