/// What the controller reports to its observers, in the order it happens.
public enum RefreshEvent: Equatable, Sendable, CustomStringConvertible {
    case stateChanged(from: RefreshState, to: RefreshState)
    case touched
    /// The finger lifted at `distance`; `refreshes` says whether that starts a refresh.
    case released(distance: Double, refreshes: Bool)
    case didStart(programmatic: Bool)
    case endRequested(cycleInFlight: Int)
    case didStartCycle(Int)
    case didEndCycle(Int)
    case exitStarted
    /// The style called `done`, `after` seconds after its exit started.
    case exitDone(after: Double)
    /// The style did not call `done` within the deadline; the controller went on without it.
    case exitDeadlinePassed(deadline: Double)
    case didEnd
    case didReset
    /// A request that did nothing, and why (a programmatic start while refreshing, ...).
    case ignored(String)
    /// How the refresh ended, as the app said when it asked to end it.
    case result(RefreshResult)
    /// A haptic played: by the host itself (at arming or trigger), or at the style's request.
    case haptic(Haptic, requested: Bool)
    /// Said to assistive technology.
    case announced(String)
    /// The header is fully closed.
    case closed
    /// A start request that waits, and why; it runs when the controller is idle.
    case queued(String)

    public var description: String {
        func n(_ v: Double) -> String { format(v, decimals: 1) }
        switch self {
        case let .stateChanged(from, to): return "state \(from) -> \(to)"
        case .touched: return "finger down"
        case let .released(distance, refreshes):
            return "finger up at \(n(distance)) pt" + (refreshes ? ": refresh" : ": below the trigger, bouncing back")
        case let .didStart(programmatic): return programmatic ? "did-start (programmatic)" : "did-start"
        case let .endRequested(cycle):
            return cycle > 0 ? "end requested (cycle \(cycle) in flight finishes first)" : "end requested"
        case let .didStartCycle(c): return "did-start-cycle \(c)"
        case let .didEndCycle(c): return "did-end-cycle \(c)"
        case .exitStarted: return "exit started"
        case let .exitDone(after): return "exit done() after \(format(after, decimals: 3)) s"
        case let .exitDeadlinePassed(deadline):
            return "exit deadline: done() not called within \(format(deadline, decimals: 1)) s, going on without it"
        case .didEnd: return "did-end"
        case .didReset: return "reset"
        case let .ignored(why): return "ignored: \(why)"
        case let .result(result): return "result: \(result)"
        case let .haptic(kind, requested): return "haptic \(kind)" + (requested ? " (style)" : "")
        case let .announced(text): return "announce \"\(text)\""
        case .closed: return "closed"
        case let .queued(why): return "queued: \(why)"
        }
    }

    /// What a user would feel or hear, for a live status line: "haptic
    /// medium", "says \"Refreshing\""; nil for the other events.
    public var cue: String? {
        switch self {
        case let .haptic(kind, _): "haptic \(kind)"
        case let .announced(text): "says \"\(text)\""
        default: nil
        }
    }
}

/// Fixed-point formatting without Foundation, so the same value always
/// prints the same way.
public func format(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let negative = value < 0 && scaled != 0
    let whole = Int64(scaled / scale)
    let fraction = Int64(scaled - Double(whole) * scale)
    var text = "\(whole)"
    if decimals > 0 {
        let digits = String(fraction)
        text += "." + String(repeating: "0", count: max(0, decimals - digits.count)) + digits
    }
    return negative ? "-" + text : text
}
