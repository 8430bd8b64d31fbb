import RefreshHostABI

/// A linear gradient that paints a rect's, ellipse's or path's fill instead of
/// its fill colour (ABI 1.1's layer_set_gradient), as CAGradientLayer does:
/// colours change along the line from `start` to `end`, both in unit
/// coordinates of the layer's bounds ((0,0) top-left, (1,1) bottom-right).
///
///     stripe.setGradient(Gradient(colors: [.black.withAlpha(0), .black.withAlpha(0.04)]))
///
/// Not animatable: it applies at once, even inside an animate block. The
/// layer's opacity still multiplies, so fade a gradient by its opacity.
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

    public var start: Point
    public var end: Point
    /// 2 to `maxStops` stops.
    public var stops: [Stop]

    /// RH_GRADIENT_MAX_STOPS.
    public static let maxStops = Int(RH_GRADIENT_MAX_STOPS)

    /// Top to bottom unless told otherwise.
    public init(start: Point = Point(x: 0.5, y: 0), end: Point = Point(x: 0.5, y: 1), stops: [Stop]) {
        self.start = start
        self.end = end
        self.stops = stops
    }

    /// `colors` spread evenly from start (offset 0) to end (offset 1).
    public init(start: Point = Point(x: 0.5, y: 0), end: Point = Point(x: 0.5, y: 1), colors: [Color]) {
        let last = Double(max(colors.count - 1, 1))
        self.init(start: start, end: end, stops: colors.enumerated().map { Stop(Double($0.offset) / last, $0.element) })
    }
}

extension Layer {
    /// Paints the fill with `gradient`; false if the host refused it (a group
    /// or text layer, fewer than 2 or more than 16 stops, offsets out of
    /// order, start == end, a value out of range: the host logs which).
    @discardableResult
    public func setGradient(_ gradient: Gradient) -> Bool {
        let stops = gradient.stops.map { rh_gradient_stop_t(offset: $0.offset, color: $0.color.c) }
        return stops.withUnsafeBufferPointer { buffer in
            var g = rh_gradient_t(
                struct_size: UInt32(MemoryLayout<rh_gradient_t>.size),
                start_x: gradient.start.x, start_y: gradient.start.y, end_x: gradient.end.x, end_y: gradient.end.y,
                stop_count: UInt32(clamping: buffer.count), stops: buffer.baseAddress, kind: rh_gradient_kind_t(RH_GRADIENT_LINEAR))
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
        return (raw.pointee.layer_set_gradient?(raw, handle, gradient) ?? statusMissing) == statusOK
    }
}
