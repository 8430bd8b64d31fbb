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
            return V.tween(from, to, curve.progress(u, duration: duration))
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
    /// Absolute time of the first frame (now + delay at add time).
    let start: Double
    /// start + activeDuration; .infinity when repeating forever.
    let end: Double
    var completion: ((Bool) -> Void)?
    var timer: Timeline.TimerID?

    init(_ motion: Motion, start: Double, completion: ((Bool) -> Void)?) {
        self.motion = motion
        self.start = start
        switch motion {
        case .basic(let a): end = start + a.activeDuration
        case .keyframes(let a): end = start + a.activeDuration
        }
        self.completion = completion
    }

    func isLive(at now: Double) -> Bool { end > now }
    func isActive(at now: Double) -> Bool { now >= start && now < end }

    /// The number shown at `now` while active (a numeric slot's record).
    func number(at now: Double) -> Double? {
        guard isActive(at: now) else { return nil }
        switch motion {
        case .basic(let a): return a.value(atActiveTime: now - start)
        case .keyframes(let a): return a.number(atActiveTime: now - start)
        }
    }

    /// The keyframe animation while active, and its active time.
    func keyframes(at now: Double) -> (animation: KeyframeAnimation, time: Double)? {
        guard isActive(at: now), case .keyframes(let a) = motion else { return nil }
        return (a, now - start)
    }
}
