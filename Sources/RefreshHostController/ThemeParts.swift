/// Which parts of a theme the app or the user chose, rather than the host's defaults
/// (ABI 1.5, rh.theme/1). Raw bits are the header's RH_THEME_GIVEN_*.
public struct ThemeParts: OptionSet, Equatable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let primary = ThemeParts(rawValue: 1 << 0)
    public static let accent = ThemeParts(rawValue: 1 << 1)
    public static let background = ThemeParts(rawValue: 1 << 2)
    /// The light or dark mode was chosen.
    public static let dark = ThemeParts(rawValue: 1 << 3)
    public static let known = ThemeParts(rawValue: 0xF)
}
