import RefreshLayers

/// The app's colours (`rh_theme_t`): styles that declare themselves themeable follow them.
public struct Theme: Equatable, Sendable {
    public var primary: RGBA
    public var accent: RGBA
    public var background: RGBA
    public var dark: Bool
    /// Which of the above the app or the user chose (rh.theme/1); empty: all the host's defaults.
    public var given: ThemeParts

    public init(primary: RGBA, accent: RGBA, background: RGBA, dark: Bool, given: ThemeParts = []) {
        self.primary = primary
        self.accent = accent
        self.background = background
        self.dark = dark
        self.given = given
    }

    /// refresh-host's light theme: a system blue on white.
    public static let light = Theme(primary: RGBA(0.0, 0.478, 1.0), accent: RGBA(1.0, 0.584, 0.0),
                                    background: RGBA(1, 1, 1), dark: false)
    /// The dark counterpart (iOS's dark-mode blue and orange on black).
    public static let dark = Theme(primary: RGBA(0.039, 0.518, 1.0), accent: RGBA(1.0, 0.624, 0.039),
                                   background: RGBA(0, 0, 0), dark: true)
}
