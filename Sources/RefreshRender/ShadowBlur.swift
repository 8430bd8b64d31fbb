/// A Gaussian blur of an 8-bit alpha image, approximated by three box blurs
/// in each direction (the error is a few percent of the peak; CALayer's own
/// shadow is no exact Gaussian either). Each box blur is a running sum, so the
/// cost is O(pixels) whatever the radius. cairo has no blur of its own.
enum ShadowBlur {
    /// The three box widths (odd) whose succession has the variance of a
    /// Gaussian of `sigma` pixels (W. Jarosz's "Fast image convolutions").
    static func boxes(sigma: Double) -> [Int] {
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let upper = lower + 2
        let l = Double(lower)
        let m = ((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded()
        return (0..<3).map { Double($0) < m ? lower : upper }
    }

    /// Blurs `height` rows of `width` alpha bytes, `stride` bytes apart, in
    /// place; outside the image counts as transparent. sigma in pixels.
    static func blur(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard width > 0, height > 0, sigma.isFinite, sigma >= 0.25 else { return }
        let radii = boxes(sigma: sigma).map { ($0 - 1) / 2 }.filter { $0 > 0 }
        guard !radii.isEmpty else { return }
        let longest = max(width, height)
        let line = UnsafeMutablePointer<UInt8>.allocate(capacity: longest)
        defer { line.deallocate() }
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        defer { sums.deallocate() }
        for r in radii {
            for y in 0..<height { horizontal(data + y * stride, width: width, radius: r, scratch: line) }
        }
        for r in radii { vertical(data, width: width, height: height, stride: stride, radius: r, sums: sums) }
    }

    /// One box blur along a row: out[x] = mean of in[x - r ... x + r].
    private static func horizontal(_ row: UnsafeMutablePointer<UInt8>, width: Int, radius r: Int,
                                   scratch: UnsafeMutablePointer<UInt8>) {
        scratch.update(from: row, count: width)
        let size = UInt32(2 * r + 1)
        // Division as a multiply and a shift, rounded.
        let inverse = (UInt32(1) << 24) / size + 1
        var sum: UInt32 = 0
        // Sums stay below 255 x (2r + 1): wrapping arithmetic never wraps.
        for x in 0..<min(r, width) { sum &+= UInt32(scratch[x]) }
        for x in 0..<width {
            if x + r < width { sum &+= UInt32(scratch[x + r]) }
            row[x] = UInt8(truncatingIfNeeded: min(255, (UInt64(sum) &* UInt64(inverse) &+ (1 << 23)) >> 24))
            if x >= r { sum &-= UInt32(scratch[x - r]) }
        }
    }

    /// One box blur down the columns, a row at a time (cache-friendly): a
    /// running sum per column, and a ring of the rows still in the window.
    private static func vertical(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int,
                                 radius r: Int, sums: UnsafeMutablePointer<UInt32>) {
        let size = 2 * r + 1
        let inverse = (UInt64(1) << 24) / UInt64(size) + 1
        // The window needs the original values of rows already overwritten.
        let ring = UnsafeMutablePointer<UInt8>.allocate(capacity: width * size)
        defer { ring.deallocate() }
        ring.initialize(repeating: 0, count: width * size)
        sums.initialize(repeating: 0, count: width)
        for y in 0..<min(r, height) {
            let row = data + y * stride
            for x in 0..<width { sums[x] &+= UInt32(row[x]) }
        }
        for y in 0..<height {
            let slot = ring + (y % size) * width
            let current = data + y * stride
            // Keep row y's original values before it is overwritten.
            slot.update(from: current, count: width)
            if y + r < height {
                let incoming = data + (y + r) * stride
                for x in 0..<width { sums[x] &+= UInt32(incoming[x]) }
            }
            for x in 0..<width {
                current[x] = UInt8(truncatingIfNeeded: min(255, (UInt64(sums[x]) &* inverse &+ (1 << 23)) >> 24))
            }
            if y - r >= 0 {
                let leaving = ring + ((y - r) % size) * width
                for x in 0..<width { sums[x] &-= UInt32(leaving[x]) }
            }
        }
    }
}
