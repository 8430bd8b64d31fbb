import RefreshHostABI

extension Layer {
    /// 0...1, multiplies the shadow colour's alpha. 0 (the default) draws no
    /// shadow: set it to show one. The shadow is the layer's content and its
    /// children's, blurred, in `shadowColor`, under the layer.
    public var shadowOpacity: Double { get { get(.shadowOpacity) } nonmutating set { set(.shadowOpacity, newValue) } }

    /// 0...100 points of blur (the Gaussian's deviation is half of it, as
    /// CALayer's); 3 by default.
    public var shadowRadius: Double { get { get(.shadowRadius) } nonmutating set { set(.shadowRadius, newValue) } }

    /// In the parent's coordinates, unrotated; positive height is down.
    public var shadowOffset: Size {
        get { Size(width: get(.shadowOffsetX), height: get(.shadowOffsetY)) }
        nonmutating set {
            set(.shadowOffsetX, newValue.width)
            set(.shadowOffsetY, newValue.height)
        }
    }

    /// Opaque black by default (the model value; clear if the host cannot say).
    public var shadowColor: Color { color(of: .shadow) }

    /// Sets the whole shadow at once; false if the host refused any part.
    @discardableResult
    public func setShadow(color: Color = .black, opacity: Double, radius: Double = 3,
                          offset: Size = Size(width: 0, height: -3)) -> Bool {
        let colored = setColor(color, for: .shadow)
        let blurred = set(.shadowRadius, radius)
        let moved = set(.shadowOffsetX, offset.width) && set(.shadowOffsetY, offset.height)
        return set(.shadowOpacity, opacity) && colored && blurred && moved
    }
}
