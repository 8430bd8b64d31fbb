import RefreshHostController

/// When the named moments of one run happen, in seconds of the virtual clock.
/// Every one is exact: the controller fires timed work at its exact time,
/// and the threshold follows from the gesture's straight finger path.
public struct Moments: Equatable, Sendable {
    /// The pull reaches the style's height (nil: a programmatic start, or a pull that stays below it).
    public var threshold: Double?
    /// The finger lifts (nil for a programmatic start).
    public var release: Double?
    /// Each cycle's (start, end), cycle 1 first.
    public var cycles: [(start: Double, end: Double)] = []
    public var exitStart: Double?
    /// The style called done (or, if it never did, the exit deadline passed).
    public var exitEnd: Double?
    public var reset: Double?
    /// The last frame of the run: past the gesture's end and at rest (or the time limit).
    public var end: Double = 0

    public init() {}

    public static func == (a: Moments, b: Moments) -> Bool {
        a.threshold == b.threshold && a.release == b.release && a.exitStart == b.exitStart
            && a.exitEnd == b.exitEnd && a.reset == b.reset && a.end == b.end
            && a.cycles.map(\.start) == b.cycles.map(\.start) && a.cycles.map(\.end) == b.cycles.map(\.end)
    }

    /// Records the controller's events as they happen; call before the run.
    mutating func observe(_ event: RefreshEvent, at time: Double) {
        switch event {
        case .didStartCycle: cycles.append((time, .nan))
        case let .didEndCycle(n) where n >= 1 && n <= cycles.count: cycles[n - 1].end = time
        case .exitStarted: exitStart = exitStart ?? time
        case .exitDone, .exitDeadlinePassed: exitEnd = exitEnd ?? time
        case .didReset: reset = reset ?? time
        default: break
        }
    }

    /// When a pull gesture's visible pull first reaches `height` (the trigger
    /// distance): the finger moves in a straight line through the physics,
    /// from the gesture's start to its full travel at startTime + pullDuration.
    static func thresholdTime(_ gesture: Gesture, height: Double, profile: PhysicsProfile) -> Double? {
        guard gesture.start == .pull else { return nil }
        let target = gesture.distance(forHeight: height)
        guard target >= height else { return nil }
        let full = profile.travel(target)
        let needed = profile.travel(height)
        guard full > 0 else { return nil }
        return gesture.startTime + gesture.pullDuration * min(1, needed / full)
    }
}

/// A point in a run named on the command line: `--at SECONDS` or a moment.
///
/// - `threshold`: the pull reaches the style's height.
/// - `release`: the finger lifts.
/// - `cycle:N`: the middle of cycle N (half way between its start and its end), N from 1.
/// - `exit-start`: the exit animation starts (the first cycle end after the end request).
/// - `exit-mid`: half way through the exit animation.
/// - `exit-end`: the style calls done (or the exit deadline passes).
/// - `reset`: the style is reset, after the inset has shrunk.
/// - `end`: the last frame of the run.
public enum Moment: Equatable, Sendable, CustomStringConvertible {
    case seconds(Double)
    case threshold, release, exitStart, exitMiddle, exitEnd, reset, end
    case cycle(Int)

    public static let names = "threshold, release, cycle:N, exit-start, exit-mid, exit-end, reset, end"

    /// Parses `text`; nil when it is neither a number of seconds nor a moment.
    public init?(_ text: String) {
        switch text {
        case "threshold": self = .threshold
        case "release": self = .release
        case "exit-start": self = .exitStart
        case "exit-mid": self = .exitMiddle
        case "exit-end": self = .exitEnd
        case "reset": self = .reset
        case "end": self = .end
        default:
            if text.hasPrefix("cycle:"), let n = Int(text.dropFirst(6)), n >= 1 {
                self = .cycle(n)
            } else if let s = Double(text), s.isFinite, s >= 0 {
                self = .seconds(s)
            } else {
                return nil
            }
        }
    }

    public var description: String {
        switch self {
        case let .seconds(s): s == s.rounded() && s < 1e15 ? "\(Int64(s))" : "\(s)"
        case .threshold: "threshold"
        case .release: "release"
        case .exitStart: "exit-start"
        case .exitMiddle: "exit-mid"
        case .exitEnd: "exit-end"
        case .reset: "reset"
        case .end: "end"
        case let .cycle(n): "cycle:\(n)"
        }
    }

    /// The still shown when none is named: the threshold, or for a run
    /// that never reaches it the middle of cycle 1 (a programmatic start),
    /// else the release, else the last frame.
    public static func defaultStill(in moments: Moments) -> Double {
        for moment in [Moment.threshold, .cycle(1), .release] {
            if let t = try? moment.time(in: moments) { return t }
        }
        return moments.end
    }

    /// The time of this moment in `moments`, or an error saying why it never happens.
    public func time(in moments: Moments) throws(SessionFailure) -> Double {
        func need(_ t: Double?, _ why: String) throws(SessionFailure) -> Double {
            guard let t else { throw SessionFailure.reported(.request, "--at \(self): \(why)") }
            return t
        }
        switch self {
        case let .seconds(s):
            // Past the last frame every moment looks the same (at rest): say so instead of clamping.
            guard s <= moments.end else {
                let end = (moments.end * 1000).rounded() / 1000
                throw SessionFailure.reported(.request, "--at \(self): the run ends at \(end) s; give a time up to that, or 'end'")
            }
            return s
        case .threshold: return try need(moments.threshold, "the pull never reaches the style's height in this gesture")
        case .release: return try need(moments.release, "no finger lifts in this gesture (programmatic start)")
        case .exitStart: return try need(moments.exitStart, "the exit never starts in this run")
        case .exitMiddle:
            let start = try need(moments.exitStart, "the exit never starts in this run")
            return (start + (try need(moments.exitEnd, "the exit never ends in this run"))) / 2
        case .exitEnd: return try need(moments.exitEnd, "the exit never ends in this run")
        case .reset: return try need(moments.reset, "the style is never reset in this run")
        case .end: return moments.end
        case let .cycle(n):
            guard n <= moments.cycles.count, moments.cycles[n - 1].end.isFinite else {
                throw SessionFailure.reported(.request, "--at \(self): the run has \(moments.cycles.count) complete cycle(s)")
            }
            let c = moments.cycles[n - 1]
            return (c.start + c.end) / 2
        }
    }
}
