import RefreshLayers

/// A simulated vertical scroll view at the top of its content, as a phone's
/// behaves there: a finger drags the content down through the physics
/// profile (iOS's rubber band by default), a release settles it to its
/// resting inset, and the inset itself moves when a refresh starts or ends.
///
/// Once no finger holds the list, what it shows is ONE motion from where it
/// was to where it rests, so it is monotonic: it never passes its target and
/// never turns back (summing an inset animation and a bounce, as this class
/// once did, made the list wobble: 150 -> 132.6 -> 138.4 -> 100 pt).
///
/// Every value is a pure function of time plus a few recorded events (touch,
/// finger waypoints, release, inset changes), so a run gives the same numbers
/// at the same times whatever the frame rate.
public final class ScrollView {
    /// The viewport height: the rubber band's dimension.
    public let viewportHeight: Double
    /// How finger travel becomes a shown pull, and how the list settles.
    public var profile: PhysicsProfile

    /// Where the list rests: 0, or the resting height while refreshing.
    private var restingInset = 0.0
    private var finger: Finger?
    private var motion: Motion?
    private var stretchRelease: (start: Double, from: Double)?

    public init(viewportHeight: Double, profile: PhysicsProfile? = nil) {
        self.viewportHeight = viewportHeight
        self.profile = profile ?? PhysicsProfile(.ios, viewport: viewportHeight, maxPull: viewportHeight)
    }

    public var isTouching: Bool { finger != nil }

    /// The content inset at the top: where the list rests now.
    public func insetTop(at time: Double) -> Double { restingInset }

    /// How far the content is pulled below its top edge: max(0, -contentOffset.y).
    public func pullDistance(at time: Double) -> Double {
        if let f = finger {
            let raw = f.startRaw + f.translation(at: time)
            return max(0, raw > 0 ? f.base + profile.shown(raw) : f.base + raw)
        }
        return motion?.value(at: time) ?? restingInset
    }

    /// The finger's speed in points per second (positive pulling down), 0 without a finger.
    public func fingerVelocity(at time: Double) -> Double {
        finger?.velocity(at: time) ?? 0
    }

    /// How far the list is stretched, as a fraction of its height (android-stretch only).
    public func stretch(at time: Double) -> Double {
        if let f = finger { return profile.stretch(f.startRaw + f.translation(at: time)) }
        guard let r = stretchRelease else { return 0 }
        let u = (time - r.start) / PhysicsProfile.stretchRecede
        return u >= 1 ? 0 : r.from * (1 - PhysicsProfile.Curve.easeOut.progress(max(0, u)))
    }

    /// Puts a finger down. Touching a list that is still moving picks it up
    /// where it is.
    public func touchDown(at time: Double) {
        let current = pullDistance(at: time)
        let base = min(current, restingInset)
        finger = Finger(start: time, base: base, startRaw: profile.travel(current - base), waypoints: [(time, 0)])
        motion = nil
        stretchRelease = nil
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

    /// Lifts the finger; the content settles toward its resting inset.
    public func release(at time: Double) {
        guard finger != nil else { return }
        let current = pullDistance(at: time)
        let stretched = stretch(at: time)
        finger = nil
        motion = Motion(start: time, from: current, to: restingInset, kind: profile.settle)
        stretchRelease = stretched > 0 ? (time, stretched) : nil
    }

    /// Sets where the list rests from `time` on. With no finger down the list
    /// moves there from where it is: on the settle curve right after a
    /// release (`settling`), else on the profile's inset curve. A finger
    /// down keeps the list; it settles there on release.
    public func setInsetTop(_ value: Double, at time: Double, settling: Bool = false) {
        let current = pullDistance(at: time)
        restingInset = value
        guard finger == nil else { return }
        motion = Motion(start: time, from: current, to: value, kind: settling ? profile.settle : profile.inset)
    }

    /// Whether the list is at rest: no finger, no motion or stretch left.
    public func isSettled(at time: Double) -> Bool {
        finger == nil && (motion?.isDone(at: time) ?? true) && stretch(at: time) == 0
    }
}

/// One motion of the list with no finger on it: from `from` to `to`,
/// monotonic on its curve.
private struct Motion {
    var start: Double
    var from: Double
    var to: Double
    var kind: PhysicsProfile.Motion

    func value(at time: Double) -> Double {
        let t = max(0, time - start)
        switch kind {
        case let .spring(omega):
            let x = t * omega
            let remaining = (from - to) * (1 + x) * exp(-x)
            return abs(remaining) < 0.01 ? to : to + remaining
        case let .timed(duration, curve):
            guard duration > 0, t < duration else { return to }
            return from + (to - from) * curve.progress(t / duration)
        }
    }

    func isDone(at time: Double) -> Bool { value(at: time) == to }
}

private struct Finger {
    var start: Double
    /// The resting part of the pull under the finger: the finger's travel adds to it.
    var base: Double
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

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
