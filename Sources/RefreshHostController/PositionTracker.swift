/// Decides what the style's `position` callback hears each frame: the phase
/// the header is in, and whether anything changed since it last heard.
struct PositionTracker {
    private var last: PullUpdate?

    /// The phase for a frame.
    static func phase(touching: Bool, state: RefreshState, distance: Double, resting: Double) -> PullPhase {
        if touching { return .dragging }
        switch state {
        case .idle, .pulling, .armed: return .returning
        // A footer with no more data stays at its resting height.
        case .refreshing, .exiting, .noMore: return abs(distance - resting) < 1e-9 ? .resting : .settling
        case .resetting: return .closing
        }
    }

    /// The update to send, or nil when nothing changed (and nothing is
    /// shown: a closed header at rest hears nothing).
    mutating func next(_ update: PullUpdate) -> PullUpdate? {
        guard update != last else { return nil }
        if last == nil, update.distance == 0, update.phase == .returning { return nil }
        last = update
        return update
    }
}
