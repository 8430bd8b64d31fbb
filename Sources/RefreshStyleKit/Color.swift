import RefreshHostABI

/// A straight (non-premultiplied) RGBA colour, components in [0, 1].
public struct Color: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `Color(hex: 0x6898B0)`: 0xRRGGBB.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((hex >> 16) & 0xFF) / 255,
            green: Double((hex >> 8) & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255,
            alpha: alpha)
    }

    /// The same colour with another alpha.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)

    var c: rh_color_t { rh_color_t(r: red, g: green, b: blue, a: alpha) }

    init(_ c: rh_color_t) {
        self.init(red: c.r, green: c.g, blue: c.b, alpha: c.a)
    }
}

/// The colour properties of a layer.
public enum ColorProperty: Sendable, Hashable, CaseIterable {
    /// A rect's background, a shape's inside, a text's colour.
    case fill
    /// The outline, `lineWidth` wide.
    case stroke
    /// The shadow's colour (opaque black by default); see `Layer.shadowOpacity`.
    case shadow

    var c: rh_color_property_t {
        switch self {
        case .fill: rh_color_property_t(RH_COLOR_FILL)
        case .stroke: rh_color_property_t(RH_COLOR_STROKE)
        case .shadow: rh_color_property_t(RH_COLOR_SHADOW)
        }
    }
}
