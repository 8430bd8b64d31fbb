import RefreshTestSupport

/// Reading the test window's screenshots: its view has a magenta background
/// (#ff00ff) and white rows, so the header and the list can be told apart.
enum ScreenAnalysis {
    static let magenta: UInt32 = 0xFF00FF

    /// How far the list's pixels moved down from `rest` to `pulled`, in pixels
    /// (0...maxShift): the shift that makes the view's lower half match best.
    static func contentShift(rest: DecodedPNG, pulled: DecodedPNG, bounds: (x: Int, y: Int, width: Int, height: Int),
                             maxShift: Int = 250) -> Int {
        let top = bounds.y + maxShift + 4, bottom = bounds.y + bounds.height - 4
        var best = (shift: -1, cost: Int.max)
        for shift in 0...maxShift {
            var cost = 0
            var y = top
            while y < bottom && cost < best.cost {
                var x = bounds.x + 2
                while x < bounds.x + bounds.width - 24 { // clear of the scrollbar
                    let a = pulled[x, y], b = rest[x, y - shift]
                    for s in [16, 8, 0] { cost += abs(Int((a >> UInt32(s)) & 0xFF) - Int((b >> UInt32(s)) & 0xFF)) }
                    x += 3
                }
                y += 2
            }
            if cost < best.cost { best = (shift, cost) }
        }
        return best.shift
    }

    /// Pixels in the view's top `height` rows that are neither the view's
    /// magenta background nor the list's white: what the style drew there.
    static func drawnPixels(_ png: DecodedPNG, bounds: (x: Int, y: Int, width: Int, height: Int), height: Int) -> Int {
        var count = 0
        for y in bounds.y..<min(bounds.y + height, png.height) {
            for x in bounds.x..<(bounds.x + bounds.width) {
                let p = png[x, y]
                if !DecodedPNG.near(p, magenta, tolerance: 6) && !DecodedPNG.near(p, 0xFFFFFF, tolerance: 6) { count += 1 }
            }
        }
        return count
    }

    /// Pixels in the view's top `height` rows that are not magenta (the
    /// style drew there, in any colour).
    static func nonBackground(_ png: DecodedPNG, bounds: (x: Int, y: Int, width: Int, height: Int), height: Int) -> Int {
        var count = 0
        for y in bounds.y..<min(bounds.y + height, png.height) {
            for x in bounds.x..<(bounds.x + bounds.width) where !DecodedPNG.near(png[x, y], magenta, tolerance: 6) {
                count += 1
            }
        }
        return count
    }

    /// The mean x (from the view's left edge) of the non-magenta pixels in the view's top `height` rows.
    static func drawnCentreX(_ png: DecodedPNG, bounds: (x: Int, y: Int, width: Int, height: Int), height: Int) -> Double {
        var sum = 0, count = 0
        for y in bounds.y..<min(bounds.y + height, png.height) {
            for x in bounds.x..<(bounds.x + bounds.width) where !DecodedPNG.near(png[x, y], magenta, tolerance: 6) {
                sum += x - bounds.x
                count += 1
            }
        }
        return count == 0 ? .nan : Double(sum) / Double(count)
    }
}
