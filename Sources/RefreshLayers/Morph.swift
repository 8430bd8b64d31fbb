/// In-between values of paths and gradients for keyframe animations (ABI 1.2).
/// Both ends have the same structure (checked when the animation is added).
enum Morph {
    /// Whether two paths can morph: the same ops in the same order. Nil when
    /// they can, else why not.
    static func pathMismatch(_ a: [PathElement], _ b: [PathElement]) -> String? {
        guard a.count == b.count else { return "has \(b.count) elements where the first path has \(a.count)" }
        for (i, (x, y)) in zip(a, b).enumerated() where x.op != y.op {
            return "element \(i) is a \(y.opName) where the first path has a \(x.opName)"
        }
        return nil
    }

    /// Point by point (arcs: centre, radius and angles). An overshooting curve
    /// may carry numbers past the limits a path may hold: they are clamped, and
    /// an over-long arc shortened, so the frame holds only what layer_set_path accepts.
    static func path(_ a: [PathElement], _ b: [PathElement], _ p: Double) -> [PathElement] {
        if p <= 0 { return a }
        if p >= 1 { return b }
        let limit = PathElement.maxNumber
        return zip(a, b).map { x, y in
            let numbers = zip(x.numbers, y.numbers).map { min(max(Double.tween($0, $1, p), -limit), limit) }
            return (x.with(numbers: numbers) ?? x).bounded
        }
    }

    /// Why two gradients cannot tween (kind or stop count differ), nil when they can.
    static func gradientMismatch(_ a: Gradient, _ b: Gradient) -> String? {
        if a.kind != b.kind { return "is \(b.kind) where the first gradient is \(a.kind)" }
        if a.stops.count != b.stops.count {
            return "has \(b.stops.count) stops where the first gradient has \(a.stops.count)"
        }
        return nil
    }

    /// Points, offsets and colours, stop by stop. Offsets are kept in [0, 1]
    /// and non-decreasing and colours in [0, 1] when a curve overshoots.
    static func gradient(_ a: Gradient, _ b: Gradient, _ p: Double) -> Gradient {
        if p <= 0 { return a }
        if p >= 1 { return b }
        let limit = Gradient.pointLimit
        func point(_ u: Double, _ v: Double) -> Double { min(max(Double.tween(u, v, p), -limit), limit) }
        var previous = 0.0
        let stops = zip(a.stops, b.stops).map { s, t in
            let offset = max(min(max(Double.tween(s.offset, t.offset, p), 0), 1), previous)
            previous = offset
            return Gradient.Stop(offset, RGBA.tween(s.color, t.color, p).clamped)
        }
        var g = Gradient(startX: point(a.startX, b.startX), startY: point(a.startY, b.startY),
                         endX: point(a.endX, b.endX), endY: point(a.endY, b.endY), stops: stops, kind: a.kind)
        // Ends that cross on the way pass through a degenerate gradient (start == end, or a
        // radial half-axis of 0) that layer_set_gradient refuses and a renderer cannot
        // invert: nudge the end by a hair, the geometric limit of the frames either side.
        let hair = 1e-6
        if g.endX == g.startX && (g.kind == .radial || g.endY == g.startY) { g.endX = g.startX + hair }
        if g.kind == .radial && g.endY == g.startY { g.endY = g.startY + hair }
        return g
    }
}
