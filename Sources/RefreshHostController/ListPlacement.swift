/// Where the list sits under (or over) the header for one frame: how far it
/// moved, how much it stretched, and whether the header floats in front of
/// it (the front presentation) instead of being covered by it.
public struct ListPlacement: Equatable, Sendable {
    /// How far the list's top moved down, in points.
    public var offset: Double
    /// Android 12's stretch, as a fraction of the list's height (0: none).
    public var stretch: Double
    /// The header is drawn over the still list.
    public var headerInFront: Bool
    /// A footer's list (ABI 1.3): its end shows, and `offset` is how far its
    /// bottom moved up; the stretch pulls from the bottom edge.
    public var fromBottom: Bool

    public init(offset: Double, stretch: Double = 0, headerInFront: Bool = false, fromBottom: Bool = false) {
        self.offset = offset
        self.stretch = stretch
        self.headerInFront = headerInFront
        self.fromBottom = fromBottom
    }
}

extension RefreshController {
    /// The list for the current frame.
    public var listPlacement: ListPlacement {
        ListPlacement(offset: listOffset, stretch: listStretch, headerInFront: environment.presentation == .front,
                      fromBottom: environment.edge == .bottom)
    }
}
