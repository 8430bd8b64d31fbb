/// A text layer's font (ABI 1.2's layer_set_font): a fontconfig family, a CSS
/// weight (1...1000, 0 = follow the fontWeight flag) and a slant.
public struct FontSpec: Equatable, Sendable {
    public var family: String
    public var weight: Double
    public var italic: Bool

    /// RH_FONT_DEFAULT_FAMILY: used unless a layer names another, and in place
    /// of a family fontconfig cannot find.
    public static let defaultFamily = "DejaVu Sans"
    /// The longest family name, in UTF-8 bytes.
    public static let maxFamilyBytes = 255

    public init(family: String = FontSpec.defaultFamily, weight: Double = 0, italic: Bool = false) {
        self.family = family
        self.weight = weight
        self.italic = italic
    }

    /// Why the host refuses this font, nil when it is valid.
    public var problem: String? {
        if family.utf8.count > Self.maxFamilyBytes {
            return "font family of \(family.utf8.count) bytes (at most \(Self.maxFamilyBytes))"
        }
        if !(weight == 0 || (weight.isFinite && weight >= 1 && weight <= 1000)) {
            return "font weight \(weight) is neither 0 nor in [1, 1000]"
        }
        return nil
    }

    /// The CSS weight drawn, given the layer's fontWeight flag (0 regular, 1 bold).
    public func resolvedWeight(boldFlag: Double) -> Double {
        weight != 0 ? weight : (boldFlag != 0 ? 700 : 400)
    }
}
