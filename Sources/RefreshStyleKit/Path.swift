import RefreshHostABI

/// A vector path for a `.path` layer, in the layer's local coordinates.
///
///     let p = Path { p in
///         p.move(to: Point(x: 0, y: 0))
///         p.line(to: Point(x: 10, y: 0))
///         p.close()
///     }
public struct Path: Sendable, Hashable {
    public enum Element: Sendable, Hashable {
        case move(Point)
        case line(Point)
        /// A cubic Bézier to `to`.
        case curve(to: Point, control1: Point, control2: Point)
        /// Swept in increasing angle (clockwise on screen), or in decreasing
        /// angle when `clockwise` is false (ABI 1.2's RH_PATH_ARC_NEGATIVE).
        case arc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool = true)
        case close
    }

    public private(set) var elements: [Element] = []
    /// Where the pen is: the end of the last element (used by `quadCurve`).
    public private(set) var currentPoint = Point.zero
    private var subpathStart = Point.zero
    private var hasCurrentPoint = false

    public init() {}

    public init(_ build: (inout Path) -> Void) {
        build(&self)
    }

    public mutating func move(to p: Point) {
        elements.append(.move(p))
        currentPoint = p
        subpathStart = p
        hasCurrentPoint = true
    }

    public mutating func line(to p: Point) {
        elements.append(.line(p))
        currentPoint = p
    }

    public mutating func curve(to p: Point, control1: Point, control2: Point) {
        elements.append(.curve(to: p, control1: control1, control2: control2))
        currentPoint = p
    }

    /// A quadratic Bézier, stored as the equivalent cubic.
    public mutating func quadCurve(to p: Point, control: Point) {
        let c1 = Point(x: currentPoint.x + 2 / 3 * (control.x - currentPoint.x),
                       y: currentPoint.y + 2 / 3 * (control.y - currentPoint.y))
        let c2 = Point(x: p.x + 2 / 3 * (control.x - p.x), y: p.y + 2 / 3 * (control.y - p.y))
        curve(to: p, control1: c1, control2: c2)
    }

    /// An arc from `startAngle` to `endAngle` (radians), swept clockwise on
    /// screen (increasing angle) or, with `clockwise: false`, the other way.
    /// Like CGPath, it first draws a line from the pen to the arc's start (or
    /// starts a subpath there), as explicit elements, so the result does not
    /// depend on how a host joins. The paths of a morph must have the same
    /// elements, arcs turning the same way.
    public mutating func arc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                             clockwise: Bool = true) {
        let start = point(on: center, radius: radius, angle: startAngle)
        if !hasCurrentPoint {
            move(to: start)
        } else if abs(start.x - currentPoint.x) > 1e-9 || abs(start.y - currentPoint.y) > 1e-9 {
            line(to: start)
        }
        elements.append(.arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                             clockwise: clockwise))
        currentPoint = point(on: center, radius: radius, angle: endAngle)
    }

    public mutating func close() {
        elements.append(.close)
        currentPoint = subpathStart
    }

    /// A closed polygon through `points`.
    public static func polygon(_ points: [Point]) -> Path {
        Path { p in
            guard let first = points.first else { return }
            p.move(to: first)
            for point in points.dropFirst() { p.line(to: point) }
            p.close()
        }
    }

    /// A full circle.
    public static func circle(center: Point, radius: Double) -> Path {
        Path { p in
            p.move(to: Point(x: center.x + radius, y: center.y))
            p.arc(center: center, radius: radius, startAngle: 0, endAngle: 2 * Double.pi)
            p.close()
        }
    }

    /// A rectangle with rounded corners.
    public static func roundedRect(_ r: Rect, radius: Double) -> Path {
        let k = max(0, min(radius, r.width / 2, r.height / 2))
        let pi = Double.pi
        return Path { p in
            p.move(to: Point(x: r.minX + k, y: r.minY))
            p.arc(center: Point(x: r.maxX - k, y: r.minY + k), radius: k, startAngle: -pi / 2, endAngle: 0)
            p.arc(center: Point(x: r.maxX - k, y: r.maxY - k), radius: k, startAngle: 0, endAngle: pi / 2)
            p.arc(center: Point(x: r.minX + k, y: r.maxY - k), radius: k, startAngle: pi / 2, endAngle: pi)
            p.arc(center: Point(x: r.minX + k, y: r.minY + k), radius: k, startAngle: pi, endAngle: 1.5 * pi)
            p.close()
        }
    }

    var cElements: [rh_path_element_t] {
        elements.map { element in
            switch element {
            case .move(let p):
                return rh_path_element_t(op: rh_path_op_t(RH_PATH_MOVE_TO), p: (p.x, p.y, 0, 0, 0, 0))
            case .line(let p):
                return rh_path_element_t(op: rh_path_op_t(RH_PATH_LINE_TO), p: (p.x, p.y, 0, 0, 0, 0))
            case .curve(let to, let c1, let c2):
                return rh_path_element_t(op: rh_path_op_t(RH_PATH_CURVE_TO), p: (c1.x, c1.y, c2.x, c2.y, to.x, to.y))
            case .arc(let c, let r, let a0, let a1, let clockwise):
                let op = clockwise ? RH_PATH_ARC : RH_PATH_ARC_NEGATIVE
                return rh_path_element_t(op: rh_path_op_t(op), p: (c.x, c.y, r, a0, a1, 0))
            case .close:
                return rh_path_element_t(op: rh_path_op_t(RH_PATH_CLOSE), p: (0, 0, 0, 0, 0, 0))
            }
        }
    }
}
