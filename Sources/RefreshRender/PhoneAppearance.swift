import RefreshLayers

/// The phone's own colours around the header: the list and what shows where
/// nothing is drawn. Dark follows the app's dark mode (ABI 1.3's `--dark`),
/// as a themeable style's header does: a dark header on a white list is a
/// picture no phone shows.
public enum PhoneAppearance: Sendable, Equatable {
    case light, dark

    /// A plain UITableView's colours: white or black rows, label text, and
    /// UIKit's separator (#C8C7CC light, #38383A dark).
    var list: ListRows {
        var rows = ListRows()
        if self == .dark {
            rows.background = (0, 0, 0)
            rows.textColour = (1, 1, 1)
            rows.separator = (56.0 / 255, 56.0 / 255, 58.0 / 255)
        }
        return rows
    }

    var backdrop: RGBA { self == .dark ? RGBA(0, 0, 0, 1) : .white }
}
