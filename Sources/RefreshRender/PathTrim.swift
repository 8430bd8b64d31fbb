import CCairo

/// A cairo path flattened to line segments, cut by arc length: how a stroke
/// is trimmed to strokeStart...strokeEnd (as CAShapeLayer does: by length over
/// all subpaths in order). cairo has no trim of its own.
struct PathTrim {
    struct Point {
        var x: Double, y: Double
    }

    struct Subpath {
        var points: [Point]
        var closed: Bool
    }

    private(set) var subpaths: [Subpath] = []
    /// The outline's whole length, in the user space the path was read in.
    private(set) var length = 0.0

    /// The context's current path, flattened (cairo's tolerance, in device
    /// pixels), in the current user space.
    init(flattening cr: OpaquePointer) {
        guard let path = cairo_copy_path_flat(cr) else { return }
        defer { cairo_path_destroy(path) }
        guard path.pointee.status == CAIRO_STATUS_SUCCESS, let data = path.pointee.data else { return }
        var current: Subpath?
        var i = 0
        let count = Int(path.pointee.num_data)
        while i < count {
            let header = data[i].header
            let step = max(1, Int(header.length))
            switch header.type {
            case CAIRO_PATH_MOVE_TO where step >= 2:
                if let c = current { add(c) }
                current = Subpath(points: [Point(x: data[i + 1].point.x, y: data[i + 1].point.y)], closed: false)
            case CAIRO_PATH_LINE_TO where step >= 2:
                let p = Point(x: data[i + 1].point.x, y: data[i + 1].point.y)
                if current == nil { current = Subpath(points: [p], closed: false) } else { current!.points.append(p) }
            case CAIRO_PATH_CLOSE_PATH:
                if var c = current {
                    c.closed = true
                    add(c)
                    current = nil
                }
            default:
                break  // a flat path has no curves
            }
            i += step
        }
        if let c = current { add(c) }
    }

    private mutating func add(_ s: Subpath) {
        guard s.points.count > 1 || s.closed else { return }
        subpaths.append(s)
        length += Self.length(of: s)
    }

    static func length(of s: Subpath) -> Double {
        var total = 0.0
        for (p, q) in segments(s) { total += distance(p, q) }
        return total
    }

    private static func segments(_ s: Subpath) -> [(Point, Point)] {
        var out = Array(zip(s.points, s.points.dropFirst()))
        if s.closed, let first = s.points.first, let last = s.points.last { out.append((last, first)) }
        return out
    }

    private static func distance(_ p: Point, _ q: Point) -> Double {
        ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
    }

    /// Replaces the context's path with the part of the outline between the
    /// fractions `start` and `end` of its length (0 <= start < end <= 1). A
    /// closed subpath wholly inside stays closed, so its corner still joins.
    func apply(start: Double, end: Double, to cr: OpaquePointer) {
        cairo_new_path(cr)
        let from = start * length, to = end * length
        var offset = 0.0
        for s in subpaths {
            let sLength = Self.length(of: s)
            defer { offset += sLength }
            // Strict bounds: a piece of no length would draw a dot with round caps.
            guard offset + sLength > from, offset < to else { continue }
            if s.closed, from <= offset, offset + sLength <= to {
                cairo_move_to(cr, s.points[0].x, s.points[0].y)
                for p in s.points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
                cairo_close_path(cr)
                continue
            }
            var position = offset
            var drawing = false
            for (p, q) in Self.segments(s) {
                let d = Self.distance(p, q)
                defer { position += d }
                guard d > 0, position + d > from, position < to else { continue }
                let t0 = max(0, (from - position) / d), t1 = min(1, (to - position) / d)
                if !drawing {
                    cairo_move_to(cr, p.x + (q.x - p.x) * t0, p.y + (q.y - p.y) * t0)
                    drawing = true
                }
                cairo_line_to(cr, p.x + (q.x - p.x) * t1, p.y + (q.y - p.y) * t1)
            }
        }
    }
}
