import RefreshRender

/// An 8-bit colour, for comparing pixels with a tolerance.
struct Colour: Equatable, CustomStringConvertible {
    var r: Int, g: Int, b: Int

    init(_ r: Int, _ g: Int, _ b: Int) {
        self.r = r
        self.g = g
        self.b = b
    }

    init(hex: Int) { self.init(hex >> 16 & 255, hex >> 8 & 255, hex & 255) }

    static let white = Colour(255, 255, 255)

    func isClose(to other: Colour, _ tolerance: Int = 6) -> Bool {
        abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance && abs(b - other.b) <= tolerance
    }

    var description: String {
        func h(_ v: Int) -> String { (v < 16 ? "0" : "") + String(v, radix: 16, uppercase: true) }
        return "#" + h(r) + h(g) + h(b)
    }
}

extension Bitmap {
    /// The colour at a point given in points, at `scale` pixels per point.
    func colour(atPoint x: Double, _ y: Double, scale: Double = 2) -> Colour {
        let p = pixel(x: Int(x * scale), y: Int(y * scale))
        return Colour(Int(p.r), Int(p.g), Int(p.b))
    }

    /// Whether any pixel in the rectangle (points) is close to `colour`.
    func contains(_ colour: Colour, x: ClosedRange<Double>, y: ClosedRange<Double>, scale: Double = 2,
                  tolerance: Int = 6) -> Bool {
        for py in Int(y.lowerBound * scale)...Int(y.upperBound * scale) {
            for px in Int(x.lowerBound * scale)...Int(x.upperBound * scale)
            where px >= 0 && px < width && py >= 0 && py < height {
                let p = pixel(x: px, y: py)
                if Colour(Int(p.r), Int(p.g), Int(p.b)).isClose(to: colour, tolerance) { return true }
            }
        }
        return false
    }

    /// The darkest pixel in the rectangle (points), as the sum of its channels.
    func darkest(x: ClosedRange<Double>, y: ClosedRange<Double>, scale: Double = 2) -> Int {
        var best = 255 * 3
        for py in Int(y.lowerBound * scale)...Int(y.upperBound * scale) {
            for px in Int(x.lowerBound * scale)...Int(x.upperBound * scale) {
                let p = pixel(x: px, y: py)
                best = min(best, Int(p.r) + Int(p.g) + Int(p.b))
            }
        }
        return best
    }
}
