import RefreshLayers

/// A simulated vertical scroll view at the top of its content, as UIKit's
/// behaves there: a finger drags the content down with the rubber band, a
/// release bounces back to the content inset, and the inset itself animates
/// when a refresh starts or ends.
///
/// Every value is a pure function of time plus a few recorded events (touch,
/// finger waypoints, release, inset changes), so a run gives the same numbers
/// at the same times whatever the frame rate.
public final class ScrollView {
    /// The viewport height: the rubber band's dimension.
    public let viewportHeight: Double
    /// How fast a released list settles: a critically damped spring with this
    /// angular frequency (1/s). 12 settles to 2% in 0.5 s, like an iOS bounce.
    public var bounceFrequency: Double = 12
    /// How long the content inset takes to grow or shrink (JHPullToRefreshKit: 0.25 s).
    public var insetDuration: Double = 0.25

    private var inset = InsetAnimation(from: 0, to: 0, start: 0, duration: 0)
    private var finger: Finger?
    private var bounce: (start: Double, overshoot: Double)?

    public init(viewportHeight: Double) {
        self.viewportHeight = viewportHeight
    }

    public var isTouching: Bool { finger != nil }

    /// The content inset at the top (the resting pull distance) at `time`.
    public func insetTop(at time: Double) -> Double { inset.value(at: time) }

    /// How far the content is pulled below its top edge: max(0, -contentOffset.y).
    public func pullDistance(at time: Double) -> Double {
        max(0, insetTop(at: time) + overshoot(at: time))
    }

    /// Finger speed in points per second (positive pulling down), 0 with no finger.
    public func fingerVelocity(at time: Double) -> Double {
        finger?.velocity(at: time) ?? 0
    }

    /// Puts a finger down. Touching a list that is still bouncing picks it up
    /// where it is.
    public func touchDown(at time: Double) {
        let current = overshoot(at: time)
        let raw = current > 0 ? rubberBandInverse(current, dimension: viewportHeight) : current
        finger = Finger(start: time, startRaw: raw, waypoints: [(time, 0)])
        bounce = nil
    }

    /// Moves the finger to `translation` points below where it touched,
    /// arriving at `time`; it moves in a straight line from its last waypoint.
    public func moveFinger(to translation: Double, at time: Double) {
        guard var f = finger else { return }
        if let last = f.waypoints.last, time <= last.time {
            f.waypoints[f.waypoints.count - 1] = (last.time, translation)
        } else {
            f.waypoints.append((time, translation))
        }
        finger = f
    }

    /// Lifts the finger; the content bounces back toward the inset.
    public func release(at time: Double) {
        let current = overshoot(at: time)
        finger = nil
        bounce = current != 0 ? (time, current) : nil
    }

    /// Animates the top inset to `value` starting at `time`, from where it is.
    public func setInsetTop(_ value: Double, at time: Double) {
        inset = InsetAnimation(from: insetTop(at: time), to: value, start: time, duration: insetDuration)
    }

    /// The pull beyond the inset: finger travel through the rubber band, or
    /// what is left of it while bouncing back.
    private func overshoot(at time: Double) -> Double {
        if let f = finger {
            let raw = f.startRaw + f.translation(at: time)
            return raw > 0 ? rubberBand(raw, dimension: viewportHeight) : raw
        }
        if let b = bounce {
            let t = max(0, time - b.start) * bounceFrequency
            let remaining = b.overshoot * (1 + t) * exp(-t)
            return abs(remaining) < 0.01 ? 0 : remaining
        }
        return 0
    }

    /// Whether the list is at rest: no finger and no bounce left.
    public func isSettled(at time: Double) -> Bool {
        finger == nil && overshoot(at: time) == 0 && time >= inset.start + inset.duration
    }
}

private struct Finger {
    var start: Double
    /// The finger travel the content's position already stood for at touch-down.
    var startRaw: Double
    var waypoints: [(time: Double, translation: Double)]

    func translation(at time: Double) -> Double {
        segment(at: time).map { a, b in
            let u = b.time > a.time ? min(1, max(0, (time - a.time) / (b.time - a.time))) : 1
            return a.translation + (b.translation - a.translation) * u
        } ?? waypoints.last!.translation
    }

    func velocity(at time: Double) -> Double {
        guard let (a, b) = segment(at: time), b.time > a.time else { return 0 }
        return (b.translation - a.translation) / (b.time - a.time)
    }

    /// The waypoint pair around `time`, or nil once past the last one.
    private func segment(at time: Double) -> ((time: Double, translation: Double), (time: Double, translation: Double))? {
        guard waypoints.count > 1 else { return nil }
        for i in 1..<waypoints.count where time <= waypoints[i].time {
            return (waypoints[i - 1], waypoints[i])
        }
        return nil
    }
}

private struct InsetAnimation {
    var from: Double
    var to: Double
    var start: Double
    var duration: Double

    func value(at time: Double) -> Double {
        guard duration > 0, time < start + duration else { return time < start ? from : to }
        let u = max(0, (time - start) / duration)
        return from + (to - from) * TimingCurve.easeInOut.progress(u)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
