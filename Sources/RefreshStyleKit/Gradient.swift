import RefreshHostABI

/// A gradient that paints a rect's, ellipse's or path's fill instead of its
/// fill colour (ABI 1.1's layer_set_gradient), as CAGradientLayer does:
/// colours change along the line from `start` to `end`, both in unit
/// coordinates of the layer's bounds ((0,0) top-left, (1,1) bottom-right).
/// A `.radial` one (ABI 1.2) spreads from `start` to the ellipse around it
/// whose half-axes are |end - start| (see `Gradient.radial`).
///
///     stripe.setGradient(Gradient(colors: [.black.withAlpha(0), .black.withAlpha(0.04)]))
///
/// `setGradient` applies at once, even inside an animate block; to tween
/// one gradient into another, add a `KeyframeAnimation` of `.gradients`.
/// The layer's opacity still multiplies.
public struct Gradient: Sendable, Hashable {
    public struct Stop: Sendable, Hashable {
        /// Where along the line, in [0, 1]; each at least the one before.
        public var offset: Double
        public var color: Color

        public init(_ offset: Double, _ color: Color) {
            self.offset = offset
            self.color = color
        }
    }

    /// The gradient's shape.
    public enum Kind: Sendable, Hashable {
        /// Along the line from start to end.
        case linear
        /// From start outwards to the ellipse around it with half-axes
        /// |end - start| (in units of the bounds); the last colour beyond.
        case radial
    }

    public var start: Point
    public var end: Point
    /// 2 to `maxStops` stops.
    public var stops: [Stop]
    public var kind: Kind

    /// RH_GRADIENT_MAX_STOPS.
    public static let maxStops = Int(RH_GRADIENT_MAX_STOPS)

    /// Top to bottom unless told otherwise.
    public init(start: Point = Point(x: 0.5, y: 0), end: Point = Point(x: 0.5, y: 1), stops: [Stop],
                kind: Kind = .linear) {
        self.start = start
        self.end = end
        self.stops = stops
        self.kind = kind
    }

    /// `colors` spread evenly from start (offset 0) to end (offset 1).
    public init(start: Point = Point(x: 0.5, y: 0), end: Point = Point(x: 0.5, y: 1), colors: [Color],
                kind: Kind = .linear) {
        self.init(start: start, end: end, stops: Self.even(colors), kind: kind)
    }

    /// A radial gradient from `center` (unit coordinates) to the ellipse
    /// with half-axes `radius` (units of the bounds): the defaults fill the
    /// bounds' inscribed ellipse.
    public static func radial(center: Point = Point(x: 0.5, y: 0.5), radius: Size = Size(width: 0.5, height: 0.5),
                              colors: [Color]) -> Gradient {
        Gradient(start: center, end: Point(x: center.x + radius.width, y: center.y + radius.height),
                 stops: even(colors), kind: .radial)
    }

    private static func even(_ colors: [Color]) -> [Stop] {
        let last = Double(max(colors.count - 1, 1))
        return colors.enumerated().map { Stop(Double($0.offset) / last, $0.element) }
    }

    /// The C gradient, its stops at `stops` (which the caller keeps alive).
    func c(stops: UnsafePointer<rh_gradient_stop_t>?) -> rh_gradient_t {
        rh_gradient_t(
            struct_size: UInt32(MemoryLayout<rh_gradient_t>.size),
            start_x: start.x, start_y: start.y, end_x: end.x, end_y: end.y,
            stop_count: UInt32(clamping: self.stops.count), stops: stops,
            kind: kind == .radial ? rh_gradient_kind_t(RH_GRADIENT_RADIAL) : rh_gradient_kind_t(RH_GRADIENT_LINEAR))
    }

    var cStops: [rh_gradient_stop_t] { stops.map { rh_gradient_stop_t(offset: $0.offset, color: $0.color.c) } }
}

extension Layer {
    /// Paints the fill with `gradient`; false if the host refused it (a group
    /// or text layer, fewer than 2 or more than 16 stops, offsets out of
    /// order, start == end, a radial one with a zero half-axis, a value out
    /// of range: the host logs which).
    @discardableResult
    public func setGradient(_ gradient: Gradient) -> Bool {
        gradient.cStops.withUnsafeBufferPointer { buffer in
            var g = gradient.c(stops: buffer.baseAddress)
            return callSetGradient(&g)
        }
    }

    /// Removes the gradient: the fill colour shows again.
    @discardableResult
    public func removeGradient() -> Bool {
        callSetGradient(nil)
    }

    private func callSetGradient(_ gradient: UnsafePointer<rh_gradient_t>?) -> Bool {
        let raw = host.raw
        // A host refuses plugins newer than itself, so this field is always
        // there; checking struct_size costs nothing and keeps a broken host
        // from sending us past the end of its table.
        guard let offset = MemoryLayout<rh_host_t>.offset(of: \.layer_set_gradient),
              Int(raw.pointee.struct_size) >= offset + MemoryLayout<UnsafeRawPointer>.size
        else { return false }
        return succeeded(raw.pointee.layer_set_gradient?(raw, handle, gradient))
    }
}
