/// A value a block animation can tween: numbers, and colours per component.
protocol Tweenable: Equatable {
    static func tween(_ a: Self, _ b: Self, _ p: Double) -> Self
}

extension Double: Tweenable {
    static func tween(_ a: Double, _ b: Double, _ p: Double) -> Double { a + (b - a) * p }
}

extension RGBA: Tweenable {
    static func tween(_ a: RGBA, _ b: RGBA, _ p: Double) -> RGBA {
        RGBA(a.r + (b.r - a.r) * p, a.g + (b.g - a.g) * p, a.b + (b.b - a.b) * p, a.a + (b.a - a.a) * p)
    }
}

/// An animation that ends in a completion, due on a timeline timer.
protocol CompletionRecord: AnyObject {
    /// Nil once delivered or dropped: a completion runs at most once.
    var completion: ((Bool) -> Void)? { get set }
    var timer: Timeline.TimerID? { get set }
}

/// One animate block, shared by all the tracks it made, so cancelling any of them
/// can report the block's completion once.
final class BlockRecord: CompletionRecord {
    enum Outcome { case running, cancelled, discarded }

    /// Nil once delivered or dropped: a completion runs at most once.
    var completion: ((Bool) -> Void)?
    var timer: Timeline.TimerID?
    /// Still on the open-block stack; cancellation is then remembered for commit.
    var isOpen = true
    var outcome = Outcome.running

    init() {}
}

/// One keyframe's contribution to a property: reach `value` between
/// start and start + duration (fractions of the block's duration).
struct Segment<V: Tweenable> {
    let keyframe: Int
    let start: Double
    let duration: Double
    var value: V
}

/// The block animation of one (layer, property).
struct Track<V: Tweenable> {
    enum Shape {
        case tween(from: V, to: V, curve: TimingCurve)
        /// Piecewise linear; segments sorted by start (stable for equal starts).
        case keyframes(start: V, segments: [Segment<V>])
    }

    let block: BlockRecord
    /// Absolute time the motion begins (after the delay); before it the start value shows.
    let start: Double
    let duration: Double
    var shape: Shape
    /// ABI 1.5: a tween that moves with this spring in real time instead of its curve.
    var spring: Spring? = nil

    var end: Double { start + duration }

    /// Whether the track still affects what is on screen at `now`.
    func isLive(at now: Double) -> Bool { end > now }

    /// The value shown at `t`. Discrete values keep the old value until a change ends.
    func value(at t: Double, discrete: Bool) -> V {
        let u = duration > 0 ? (t - start) / duration : (t >= start ? 1 : 0)
        switch shape {
        case let .tween(from, to, curve):
            if u >= 1 { return to }
            // u == 0 goes through the curve: steps(n, jump-start) has jumped already there.
            if u < 0 || discrete { return from }
            return V.tween(from, to, spring.map { $0.progress(at: u * duration) } ?? curve.progress(u, duration: duration))
        case let .keyframes(startValue, segments):
            var current = startValue
            for seg in segments {
                let segEnd = seg.start + seg.duration
                if u >= segEnd {
                    current = seg.value
                    continue
                }
                if u > seg.start && !discrete && seg.duration > 0 {
                    current = V.tween(current, seg.value, (u - seg.start) / seg.duration)
                }
                break
            }
            return current
        }
    }

    /// The value the property keeps once the track ends.
    var finalValue: V {
        switch shape {
        case .tween(_, let to, _): to
        case .keyframes(let start, let segments): segments.last?.value ?? start
        }
    }
}

/// A key-path (basic) or keyframe animation attached to one slot of a layer:
/// a numeric property (shared by both kinds), a colour, the path or the gradient.
final class KeyPathRecord: CompletionRecord {
    enum Motion {
        case basic(BasicAnimation)
        case keyframes(KeyframeAnimation)
    }

    let motion: Motion
    /// Absolute time of the first frame (now + delay at add time); for a scrubbed one, its delay.
    let start: Double
    /// start + activeDuration; .infinity when repeating forever, or scrubbed.
    let end: Double
    /// ABI 1.5 (rh.timeline/1): the time that drives it instead of the clock.
    let scrub: ScrubTime?
    var completion: ((Bool) -> Void)?
    var timer: Timeline.TimerID?

    init(_ motion: Motion, start: Double, completion: ((Bool) -> Void)?, scrub: ScrubTime? = nil) {
        self.motion = motion
        self.start = start
        self.scrub = scrub
        switch motion {
        case _ where scrub != nil: end = .infinity
        case .basic(let a): end = start + a.activeDuration
        case .keyframes(let a): end = start + a.activeDuration
        }
        self.completion = scrub == nil ? completion : nil
    }

    func isLive(at now: Double) -> Bool { end > now }
    func isActive(at now: Double) -> Bool { scrub != nil || (now >= start && now < end) }

    /// The active time shown at `now`, and whether it is held at the end; nil when not active.
    /// A scrubbed record reads its timeline, clamped into [0, activeDuration].
    func activeTime(at now: Double) -> (time: Double, holdingEnd: Bool)? {
        guard let scrub else { return isActive(at: now) ? (now - start, false) : nil }
        let active: Double
        switch motion {
        case .basic(let a): active = a.activeDuration
        case .keyframes(let a): active = a.activeDuration
        }
        let t = scrub.time - start
        guard t < active else { return (active, true) }
        return (max(t, 0), false)
    }

    /// Whether the value adds to what is under it (rh.compose/1).
    var isAdditive: Bool {
        switch motion {
        case .basic(let a): a.additive
        case .keyframes(let a): a.additive
        }
    }

    /// The number shown at `now` while active (a numeric slot's record), before an
    /// additive one is added to what is under it and clamped.
    func number(at now: Double) -> Double? {
        guard let (t, held) = activeTime(at: now) else { return nil }
        switch motion {
        case .basic(let a): return a.additive ? a.unclampedValue(atActiveTime: t, holdingEnd: held) : a.value(atActiveTime: t, holdingEnd: held)
        case .keyframes(let a): return a.additive ? a.unclampedNumber(atActiveTime: t, holdingEnd: held) : a.number(atActiveTime: t, holdingEnd: held)
        }
    }

    /// The keyframe animation while active, its active time, and whether that is held at the end.
    func keyframes(at now: Double) -> (animation: KeyframeAnimation, time: Double, holdingEnd: Bool)? {
        guard case .keyframes(let a) = motion, let (t, held) = activeTime(at: now) else { return nil }
        return (a, t, held)
    }
}

/// ABI 1.5 (rh.timeline/1): a time the host or the style moves by hand (the pull's
/// ratio, its distance), read by the animations added on it instead of the clock.
public final class ScrubTime {
    public var time: Double
    public init(_ time: Double = 0) { self.time = time }
}
