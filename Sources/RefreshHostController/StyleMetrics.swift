import RefreshLayers

/// How the header is shown while the list is pulled (`rh_presentation_t`).
public enum Presentation: Int32, Sendable, CaseIterable, CustomStringConvertible {
    case slideDown = 0
    case background = 1
    public var description: String { self == .slideDown ? "slide-down" : "background" }
}

/// Where the style's root sits once the pull passes the style's height (`rh_anchor_t`).
public enum Anchor: Int32, Sendable, CaseIterable, CustomStringConvertible {
    case top = 0
    case middle = 1
    case bottom = 2
    public var description: String {
        switch self {
        case .top: "top"
        case .middle: "middle"
        case .bottom: "bottom"
        }
    }
}

/// The numbers of a style that drive the lifecycle: what the controller needs
/// from a descriptor, and nothing else.
public struct StyleMetrics: Equatable, Sendable {
    public var height: Double
    public var cycleDuration: Double
    public var cycleDelay: Double
    public var cycleCurve: TimingCurve
    public var presentation: Presentation
    public var anchor: Anchor

    public init(
        height: Double, cycleDuration: Double, cycleDelay: Double = 0,
        cycleCurve: TimingCurve = .easeInOut, presentation: Presentation = .slideDown, anchor: Anchor = .top
    ) {
        self.height = height
        self.cycleDuration = cycleDuration
        self.cycleDelay = cycleDelay
        self.cycleCurve = cycleCurve
        self.presentation = presentation
        self.anchor = anchor
    }
}
