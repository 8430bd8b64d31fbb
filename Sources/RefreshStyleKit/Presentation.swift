import RefreshHostABI

/// How the header is shown while the list is pulled down.
public enum Presentation: Sendable, Hashable {
    /// The header moves down with the content.
    case slideDown
    /// The header sits behind the content and is uncovered.
    case background
    /// ABI 1.3: the list stays still and the header floats over it, moving
    /// down with the pull (Material's indicator): the host slides the root in
    /// from above the top edge, so the style draws it where it rests.
    case front

    init(_ c: rh_presentation_t) {
        self = switch c {
        case rh_presentation_t(RH_PRESENTATION_BACKGROUND): .background
        case rh_presentation_t(RH_PRESENTATION_FRONT): .front
        default: .slideDown
        }
    }

    var c: rh_presentation_t {
        switch self {
        case .slideDown: rh_presentation_t(RH_PRESENTATION_SLIDE_DOWN)
        case .background: rh_presentation_t(RH_PRESENTATION_BACKGROUND)
        case .front: rh_presentation_t(RH_PRESENTATION_FRONT)
        }
    }
}

/// Where the root layer sits once the pull passes `height`.
public enum Anchor: Sendable, Hashable {
    case top, middle, bottom

    var c: rh_anchor_t {
        switch self {
        case .top: rh_anchor_t(RH_ANCHOR_TOP)
        case .middle: rh_anchor_t(RH_ANCHOR_MIDDLE)
        case .bottom: rh_anchor_t(RH_ANCHOR_BOTTOM)
        }
    }
}
