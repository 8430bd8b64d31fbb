import RefreshHostABI

/// Which parts of the theme the app or the user chose (rh.theme/1, ABI 1.5): a
/// themeable style keeps its own colours for the parts left to the host's defaults.
public struct ThemeChoice: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let primary = ThemeChoice(rawValue: RH_THEME_GIVEN_PRIMARY)
    public static let accent = ThemeChoice(rawValue: RH_THEME_GIVEN_ACCENT)
    public static let background = ThemeChoice(rawValue: RH_THEME_GIVEN_BACKGROUND)
    /// The light or dark mode was chosen, not defaulted.
    public static let dark = ThemeChoice(rawValue: RH_THEME_GIVEN_DARK)
}

extension StyleHost {
    /// What the app or the user chose of `Environment.theme`; empty when it is all the
    /// host's defaults; nil when the host does not say (no rh.theme/1): treat the
    /// theme as chosen, as before 1.5. Constant for the instance: read it in setup.
    public var themeChoice: ThemeChoice? {
        guard let ext = extensionTable(RH_EXT_THEME, as: rh_theme_ext_t.self), let given = ext.pointee.given else { return nil }
        var bits: UInt32 = 0
        guard given(raw, &bits) >= 0 else { return nil }
        return ThemeChoice(rawValue: bits)
    }
}
