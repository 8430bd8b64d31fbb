/// How the live preview turns cells into characters.
public enum ColorMode: Sendable, Equatable {
    /// Half blocks in 24-bit colour: two pixels per cell.
    case truecolor
    /// No colour at all (`NO_COLOR`, `TERM=dumb`): one ASCII character per
    /// cell from a shade ramp (`ShadeRamp`), and no colour escape anywhere.
    case monochrome
}
