/// A gradient that paints a layer's fill instead of its fill colour, as
/// CAGradientLayer's: linear, colours change along the line from `start` to
/// `end`, given in unit coordinates of the layer's bounds ((0,0) top-left,
/// (1,1) bottom-right); radial (ABI 1.2), from `start` out to the ellipse
/// centred there with half-axes |end - start| scaled by the bounds. Before the
/// first stop the first colour holds, after the last the last one. Set at
/// once (rh_host_t.layer_set_gradient, ABI 1.1); a keyframe animation may
/// animate it stop by stop (ABI 1.2).
public struct Gradient: Equatable, Sendable {
    /// Raw values match rh_gradient_kind_t.
    public enum Kind: Int32, Equatable, Sendable {
        case linear = 0, radial = 1
    }

    public struct Stop: Equatable, Sendable {
        /// Where along the line, in [0, 1].
        public var offset: Double
        public var color: RGBA

        public init(_ offset: Double, _ color: RGBA) {
            self.offset = offset
            self.color = color
        }
    }

    public var startX: Double
    public var startY: Double
    public var endX: Double
    public var endY: Double
    public var stops: [Stop]
    public var kind: Kind

    /// RH_GRADIENT_MAX_STOPS.
    public static let maxStops = 16
    /// The largest |coordinate| of a start or end point, as for the anchor point.
    public static let pointLimit = 1e3

    public init(startX: Double, startY: Double, endX: Double, endY: Double, stops: [Stop], kind: Kind = .linear) {
        self.startX = startX
        self.startY = startY
        self.endX = endX
        self.endY = endY
        self.stops = stops
        self.kind = kind
    }

    /// Top to bottom of the bounds, `top` at offset 0 and `bottom` at 1.
    public static func vertical(_ top: RGBA, _ bottom: RGBA) -> Gradient {
        Gradient(startX: 0.5, startY: 0, endX: 0.5, endY: 1, stops: [Stop(0, top), Stop(1, bottom)])
    }

    /// Why the host must refuse this gradient, nil when it is valid. A
    /// non-finite number is described as "<name> = nan" (or inf), the form the
    /// validator counts as a non-finite value rather than a plain misuse.
    public var problem: String? {
        let points = [("start_x", startX), ("start_y", startY), ("end_x", endX), ("end_y", endY)]
        for (name, v) in points where !v.isFinite || abs(v) > Self.pointLimit {
            return "gradient \(name) = \(v) is out of range [-1000, 1000]"
        }
        if startX == endX && startY == endY { return "gradient start and end are the same point" }
        if kind == .radial && (startX == endX || startY == endY) {
            return "radial gradient has a half-axis of 0 (end_x and end_y must both differ from the start's)"
        }
        guard stops.count >= 2, stops.count <= Self.maxStops else {
            return "gradient has \(stops.count) stops (2 to \(Self.maxStops))"
        }
        var previous = 0.0
        for (i, s) in stops.enumerated() {
            let c = s.color
            for (name, v) in [("offset", s.offset), ("r", c.r), ("g", c.g), ("b", c.b), ("a", c.a)]
            where !v.isFinite || v < 0 || v > 1 {
                return "gradient stop \(i) \(name) = \(v) is out of range [0, 1]"
            }
            if s.offset < previous { return "gradient stop \(i) offset = \(s.offset) is below stop \(i - 1)'s \(previous)" }
            previous = s.offset
        }
        return nil
    }

    /// Every number it holds, for checks that scan a frame.
    public var numbers: [Double] {
        [startX, startY, endX, endY] + stops.flatMap { [$0.offset, $0.color.r, $0.color.g, $0.color.b, $0.color.a] }
    }
}
