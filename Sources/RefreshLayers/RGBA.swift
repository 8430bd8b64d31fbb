/// A straight (non-premultiplied) colour, components in [0, 1].
public struct RGBA: Equatable, Hashable, Sendable {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double

    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let clear = RGBA(0, 0, 0, 0)
    public static let black = RGBA(0, 0, 0, 1)
    public static let white = RGBA(1, 1, 1, 1)

    /// All components finite and in [0, 1].
    public var isValid: Bool {
        [r, g, b, a].allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 }
    }

    /// Parses "#RRGGBB" (opaque) or "#RRGGBBAA"; nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = Array(hex.utf8.dropFirst())
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var bytes: [Double] = []
        var i = 0
        while i < digits.count {
            guard let hi = RGBA.hexValue(digits[i]), let lo = RGBA.hexValue(digits[i + 1]) else { return nil }
            bytes.append(Double(hi * 16 + lo) / 255)
            i += 2
        }
        self.init(bytes[0], bytes[1], bytes[2], bytes.count == 4 ? bytes[3] : 1)
    }

    /// `#RRGGBB`, the inverse of `init?(hex:)` for an opaque colour (components clamped, rounded to bytes).
    public var hexRGB: String {
        "#" + [r, g, b].map(Self.hexByte).joined()
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque: what `init?(hex:)` reads back.
    public var hexRGBA: String { a >= 1 ? hexRGB : hexRGB + Self.hexByte(a) }

    private static func hexByte(_ v: Double) -> String {
        let s = String(Int((min(max(v, 0), 1) * 255).rounded()), radix: 16, uppercase: true)
        return s.count == 1 ? "0" + s : s
    }

    private static func hexValue(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(c - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(c - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// Component-wise clamp into [0, 1]: a spring may overshoot mid-tween.
    var clamped: RGBA {
        func c(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        return RGBA(c(r), c(g), c(b), c(a))
    }
}

/// Colour properties. Raw values match rh_color_property_t.
public enum ColorProperty: Int32, Sendable, CaseIterable {
    case fill = 0, stroke = 1
    /// ABI 1.2.
    case shadow = 2

    public var name: String {
        switch self {
        case .fill: "fillColor"
        case .stroke: "strokeColor"
        case .shadow: "shadowColor"
        }
    }

    /// Clear, except a text layer's fill and every shadow, which start opaque black.
    public func defaultValue(for kind: LayerKind) -> RGBA {
        switch self {
        case .fill: kind == .text ? .black : .clear
        case .stroke: .clear
        case .shadow: .black
        }
    }
}
