import RefreshEmbedABI
import RefreshHostController
import RefreshSession

/// What the application's input has done so far, kept by the view so that a
/// fallback controller can take over where a failed style left off, and so
/// that overscroll phases become one pull.
struct GestureTrack {
    struct Finger {
        var x: Double?
        var travel: Double
    }

    /// The finger (or overscroll) that is down, and its travel.
    var finger: Finger?
    /// Whether the finger is an overscroll's (its travel accumulates deltas).
    var overscrolling = false
    /// The running refresh was asked to end, with this result.
    var endAsked = false
    var result = RefreshResult()

    /// The session inputs for a touch down, a move or a release, tracked.
    mutating func touchDown(x: Double?) -> [SessionInput] {
        finger = Finger(x: x, travel: 0)
        overscrolling = false
        return [.touchDown(x: x)]
    }

    mutating func move(travel: Double, x: Double?) -> [SessionInput] {
        guard finger != nil else { return [] }
        finger = Finger(x: x, travel: travel)
        return [.moveFinger(translation: travel, arriving: nil, x: x)]
    }

    mutating func release() -> [SessionInput] {
        guard finger != nil else { return [] }
        finger = nil
        overscrolling = false
        return [.release]
    }

    /// Overscroll phases as a pull: begin is a touch down in the middle,
    /// updates add to the travel (never below 0), end releases.
    mutating func overscroll(_ phase: Int, delta: Double) -> [SessionInput] {
        switch phase {
        case RHE_OVERSCROLL_BEGIN:
            var inputs = finger != nil ? release() : []
            inputs += touchDown(x: nil)
            overscrolling = true
            return inputs
        case RHE_OVERSCROLL_UPDATE:
            var inputs: [SessionInput] = []
            if finger == nil || !overscrolling {
                inputs += finger != nil ? release() : []
                inputs += touchDown(x: nil)
                overscrolling = true
            }
            let travel = max(0, (finger?.travel ?? 0) + delta)
            return inputs + move(travel: travel, x: nil)
        default:
            return overscrolling ? release() : []
        }
    }

    /// The inputs that bring a fresh controller to where one in `state` with
    /// this gesture was: a refresh running (and asked to end), a finger down
    /// at its travel. Closing and no-more have no input: a fresh one is idle.
    func replay(from state: RefreshState) -> [SessionInput] {
        var inputs: [SessionInput] = []
        if [.refreshing, .exiting].contains(state) {
            inputs.append(.beginRefreshing)
            if state == .exiting || endAsked { inputs.append(.endRefreshing(result)) }
        }
        if let finger {
            inputs += [.touchDown(x: finger.x), .moveFinger(translation: finger.travel, arriving: nil, x: finger.x)]
        }
        return inputs
    }

    /// The state the frames report: a refresh's end is forgotten once it is over.
    mutating func saw(_ state: RefreshState) {
        if ![.refreshing, .exiting].contains(state) { endAsked = false }
    }
}
