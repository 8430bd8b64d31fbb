import RefreshHostABI

extension Layer {
    /// What is on screen now, as CALayer.presentation(): the value of a
    /// running key-path or keyframe animation, else of an animate block,
    /// else the model value (what `get` reads). 0 if the host refused.
    public func presentationValue(of property: LayerProperty) -> Double {
        let raw = host.raw
        var value = 0.0
        guard succeeded(raw.pointee.layer_get_presentation?(raw, handle, property.c, &value)) else { return 0 }
        return value
    }

    /// The colour on screen now (see `presentationValue`); clear if refused.
    public func presentationColor(_ property: ColorProperty) -> Color {
        let raw = host.raw
        var c = rh_color_t(r: 0, g: 0, b: 0, a: 0)
        guard succeeded(raw.pointee.layer_get_presentation_color?(raw, handle, property.c, &c)) else { return .clear }
        return Color(c)
    }
}
