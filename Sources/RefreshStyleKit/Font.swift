import RefreshHostABI

/// A text layer's font, looked up with fontconfig.
public struct Font: Sendable, Hashable {
    /// A family name ("DejaVu Serif", "sans-serif"); nil keeps the default.
    public var family: String?
    /// 1...1000 as CSS (400 regular, 700 bold), or 0 to follow `isBold`.
    public var weight: Double
    public var italic: Bool

    public init(family: String? = nil, weight: Double = 0, italic: Bool = false) {
        self.family = family
        self.weight = weight
        self.italic = italic
    }

    /// RH_FONT_DEFAULT_FAMILY: every text layer's family unless told
    /// otherwise, and the one used when a family is not installed.
    public static let defaultFamily = "DejaVu Sans"
}

extension Layer {
    /// Sets a text layer's font; nil restores the default. `.adjusted` when
    /// no installed font has that family: the layer then uses
    /// `Font.defaultFamily` (and the host logged it). Not animatable.
    @discardableResult
    public func setFont(_ font: Font?) -> Status {
        let raw = host.raw
        guard let font else { return status(raw.pointee.layer_set_font?(raw, handle, nil)) }
        func call(_ family: UnsafePointer<CChar>?) -> Status {
            var f = rh_font_t(struct_size: UInt32(MemoryLayout<rh_font_t>.size), family: family,
                              weight: font.weight, italic: font.italic)
            return status(raw.pointee.layer_set_font?(raw, handle, &f))
        }
        guard let family = font.family else { return call(nil) }
        return family.withCString { call($0) }
    }

}
