import RefreshHostController
import RefreshSession

/// The controller's invariants, checked on every frame a session returns:
/// - every state change is legal (LegalTransitions) and starts where the last one ended, and the
///   frame's state is where the changes led;
/// - the pull is finite, never negative, never past the physics' maximum above the resting inset
///   (a finger picks the list up at most at its inset: ScrollView.touchDown);
/// - the header's and the list's geometry, the cycle counts and every layer value are finite;
/// - a refresh left alone (no finger for `settle` seconds) rests at the header's height;
/// - exactly one end per begin: no start while one runs, no end, end request or result without one;
/// - a disabled control starts no refresh, and a refresh it was running when disabled ends
///   (within `disabledEnd` seconds: the cycle in flight may finish first).
public struct InvariantChecker {
    /// The session's style height (the resting inset) and the most its physics shows of a pull.
    public let styleHeight: Double
    public let maxPull: Double
    /// How long a released refresh may take to settle onto its inset.
    public var settle = 3.0

    public private(set) var state: RefreshState = .idle
    /// Refreshes begun and not yet ended (0 or 1).
    public private(set) var running = 0
    public private(set) var begins = 0
    public private(set) var ends = 0
    /// Frames on which the resting inset was checked (a refresh left alone long enough).
    public private(set) var insetChecks = 0
    /// Since when no finger has moved the list while refreshing (nil: not refreshing, or touching).
    private var untouchedSince: Double?
    /// Whether the app has the control enabled, since when it is disabled, and how long a refresh
    /// running when it was disabled may take to leave `refreshing` (a few cycles of any style).
    public private(set) var enabled = true
    private var disabledSince: Double?
    public var disabledEnd = 10.0
    public private(set) var disables = 0
    public private(set) var disabledRefreshes = 0

    public init(styleHeight: Double, maxPull: Double) {
        self.styleHeight = styleHeight
        self.maxPull = maxPull
    }

    /// The app enabled or disabled the control, effective from the frame at `time`.
    public mutating func setEnabled(_ on: Bool, at time: Double) {
        guard on != enabled else { return }
        enabled = on
        disabledSince = on ? nil : time
        if !on {
            disables += 1
            if state == .refreshing { disabledRefreshes += 1 }
        }
    }

    /// The broken invariants of `frame`, worded for a person (empty when it holds them all).
    public mutating func check(_ frame: SessionFrame) -> [String] {
        var problems: [String] = []
        for event in frame.events {
            guard let e = event.event else { continue }
            switch e {
            case let .stateChanged(from, to):
                if from != state { problems.append("a change from \(from) while the state was \(state)") }
                if !LegalTransitions.allows(from, to) { problems.append("an illegal change \(from) -> \(to)") }
                state = to
            case .didStart:
                if running != 0 { problems.append("a refresh started while one was running") }
                if !enabled { problems.append("a refresh started while the control was disabled") }
                running = 1
                begins += 1
            case .didEnd:
                if running != 1 { problems.append("a refresh ended that had not started") }
                running = 0
                ends += 1
            case .endRequested, .result:
                if running != 1 { problems.append("\(e) with no refresh running") }
            default: break
            }
        }
        if frame.state != state { problems.append("the frame says \(frame.state), its changes led to \(state)") }
        let limit = maxPull + styleHeight
        if !frame.pull.isFinite || frame.pull < 0 || frame.pull > limit {
            problems.append("pull \(frame.pull) outside 0...\(limit)")
        }
        for (name, v) in [("header top", frame.headerTop), ("list offset", frame.list.offset), ("list stretch", frame.list.stretch)]
        where !v.isFinite {
            problems.append("\(name) \(v)")
        }
        if frame.cycle < 0 || frame.totalCycles < 0 { problems.append("cycle \(frame.cycle) of \(frame.totalCycles)") }
        if let layer = frame.layers.first(where: { !$0.values.allSatisfy(\.isFinite) }) {
            problems.append("layer \(layer.id) has a value that is not finite: \(layer.values)")
        }
        if let since = disabledSince, frame.state == .refreshing, frame.time - since > disabledEnd {
            problems.append("disabled for \(frame.time - since) s and still refreshing")
            disabledSince = nil  // once per disabling
        }
        // The resting inset: a refresh nobody touches settles at the header's height.
        if frame.state == .refreshing, !frame.isTouching {
            let since = untouchedSince ?? frame.time
            untouchedSince = since
            if frame.time - since >= settle { insetChecks += 1 }
            if frame.time - since >= settle, abs(frame.pull - styleHeight) > 0.5 {
                problems.append("refreshing untouched for \(frame.time - since) s, pull \(frame.pull), not the inset \(styleHeight)")
            }
        } else {
            untouchedSince = nil
        }
        return problems
    }

    /// At a session's end, after the last refresh was ended and time passed: every begin ended, back to idle.
    public func closing() -> [String] {
        var problems: [String] = []
        if begins != ends || running != 0 { problems.append("\(begins) refreshes began, \(ends) ended") }
        if state != .idle { problems.append("the session ends \(state), not idle") }
        return problems
    }
}
