/// A blurred shadow raster brought to device pixels before it is composited.
/// The blur runs on a coarser raster (ShadowBlur's caller halves it for wide
/// radii) and at a fractional offset; handed to cairo as is, pixman composites
/// it through its generic bilinear path, pixel by pixel, which cost more than
/// the blur itself. Resampled here once (separable, bilinear, the same
/// interpolation) it composites through pixman's fast unscaled A8 path.
extension ShadowBlur {
    /// The source's taps and weights for each output column (or row): output
    /// pixel `first + n` samples source coordinate (first + n + 0.5 - origin) x
    /// scale - 0.5, between taps `index` and `index + 1`, `weight` (of 256) on the second.
    struct Taps {
        var index: [Int]
        var weight: [Int]

        init(first: Int, count: Int, origin: Double, scale: Double) {
            index = []
            weight = []
            index.reserveCapacity(count)
            weight.reserveCapacity(count)
            for n in 0..<count {
                let u = (Double(first + n) + 0.5 - origin) * scale - 0.5
                let i = u.rounded(.down)
                index.append(Int(i))
                weight.append(Int(((u - i) * 256).rounded()))
            }
        }
    }

    /// Fills `out` (outWidth x outHeight A8 bytes, `outStride` apart: device
    /// pixels from (outX, outY)) with `src` (width x height, `stride`)
    /// sampled bilinearly, where device point x is source point (x - originX)
    /// x scale; outside the source counts as 0.
    static func resample(_ src: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int,
                         scale: Double, originX: Double, originY: Double,
                         into out: UnsafeMutablePointer<UInt8>, outX: Int, outY: Int,
                         outWidth: Int, outHeight: Int, outStride: Int) {
        guard width > 0, height > 0, outWidth > 0, outHeight > 0 else { return }
        let columns = Taps(first: outX, count: outWidth, origin: originX, scale: scale)
        let rows = Taps(first: outY, count: outHeight, origin: originY, scale: scale)
        // Source rows padded with a zero on each side (tap -1 and tap width
        // read 0 without a branch); taps further out are clamped onto the padding.
        let padded = width + 2
        let row = UnsafeMutablePointer<UInt8>.allocate(capacity: padded)
        defer { row.deallocate() }
        row.initialize(repeating: 0, count: padded)
        var left = [Int32](repeating: 0, count: outWidth), weight = [Int32](repeating: 0, count: outWidth)
        for x in 0..<outWidth {
            let i = columns.index[x]
            // Both taps outside on one side: weight 0 on a zero keeps it 0.
            if i < -1 { left[x] = 0; weight[x] = 0 } else if i >= width { left[x] = Int32(padded - 2); weight[x] = 256 } else {
                left[x] = Int32(i + 1)
                weight[x] = Int32(columns.weight[x])
            }
        }
        // Horizontal pass into 16-bit rows (value x 256), only the source rows
        // some output row reads; then the vertical pass.
        let firstRow = max(0, rows.index.first!), lastRow = min(height - 1, rows.index.last! + 1)
        let lines = max(0, lastRow - firstRow + 1)
        let wide = UnsafeMutablePointer<UInt16>.allocate(capacity: (lines + 1) * outWidth)
        defer { wide.deallocate() }
        let zero = wide + lines * outWidth
        zero.initialize(repeating: 0, count: outWidth)
        left.withUnsafeBufferPointer { left in
            weight.withUnsafeBufferPointer { weight in
                for r in 0..<lines {
                    (row + 1).update(from: src + (firstRow + r) * stride, count: width)
                    let line = wide + r * outWidth
                    for x in 0..<outWidth {
                        let i = Int(left[x]), w = weight[x]
                        line[x] = UInt16(truncatingIfNeeded: Int32(row[i]) &* (256 &- w) &+ Int32(row[i &+ 1]) &* w)
                    }
                }
            }
        }
        for y in 0..<outHeight {
            let j = rows.index[y], w = UInt32(rows.weight[y])
            let a = j >= firstRow && j < firstRow + lines ? wide + (j - firstRow) * outWidth : zero
            let b = j + 1 >= firstRow && j + 1 < firstRow + lines ? wide + (j + 1 - firstRow) * outWidth : zero
            let target = out + y * outStride
            for x in 0..<outWidth {
                target[x] = UInt8(truncatingIfNeeded: (UInt32(a[x]) &* (256 &- w) &+ UInt32(b[x]) &* w &+ (1 << 15)) >> 16)
            }
        }
    }
}
