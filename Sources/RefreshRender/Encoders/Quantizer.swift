#if canImport(Glibc)
import Glibc
#endif

/// Median-cut colour quantizer for one opaque frame: at most 256 colours
/// and an index per pixel.
///
/// Colours are counted in a 6-bit-per-channel histogram (keeping the exact
/// sums, so a flat colour comes out exact); boxes of histogram cells are
/// split at the population median of their longest side, the box with the
/// largest population x extent first; each box's colour is the mean of its
/// pixels. Every pixel maps to its cell's box. Everything is ordered by cell
/// index, never by hashing, so the same frame always gives the same bytes.
struct Quantizer {
    struct Result {
        /// r, g, b, for each palette entry.
        var palette: [(r: UInt8, g: UInt8, b: UInt8)]
        /// One palette index per pixel of the region, rows top to bottom.
        var indices: [UInt8]
    }

    static let maxColours = 256

    private struct Box {
        var cells: ArraySlice<Int32>
        var count: Int
        var lo: (Int, Int, Int)
        var hi: (Int, Int, Int)
        var score: Int { count * max(hi.0 - lo.0, hi.1 - lo.1, hi.2 - lo.2) }
    }

    /// The pixels of `bitmap` inside `region` (default: all of it).
    static func quantize(_ bitmap: Bitmap, region: PixelRect? = nil, colours: Int = maxColours) -> Result {
        let region = region ?? PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height)
        let cellCount = 1 << 18
        var count = [Int32](repeating: 0, count: cellCount)
        var sums = [Int64](repeating: 0, count: cellCount * 3)
        let w = region.width, h = region.height, stride = bitmap.stride
        let origin = region.y * stride + region.x * 4
        bitmap.bytes.withUnsafeBufferPointer { px in
            for y in 0..<h {
                var i = origin + y * stride
                for _ in 0..<w {
                    // Frames are opaque: premultiplied bytes are the colour.
                    let b = Int(px[i]), g = Int(px[i + 1]), r = Int(px[i + 2])
                    let cell = (r >> 2) << 12 | (g >> 2) << 6 | (b >> 2)
                    count[cell] += 1
                    sums[cell * 3] += Int64(r)
                    sums[cell * 3 + 1] += Int64(g)
                    sums[cell * 3 + 2] += Int64(b)
                    i += 4
                }
            }
        }
        var used: [Int32] = []
        for cell in 0..<cellCount where count[cell] > 0 { used.append(Int32(cell)) }

        var boxes = [makeBox(used[...], count)]
        while boxes.count < colours {
            var best = -1
            var bestScore = 0
            for (i, box) in boxes.enumerated() where box.cells.count > 1 && box.score > bestScore {
                best = i
                bestScore = box.score
            }
            guard best >= 0 else { break }
            let (a, b) = split(boxes[best], count)
            boxes[best] = a
            boxes.append(b)
        }

        var boxOfCell = [UInt8](repeating: 0, count: cellCount)
        var palette: [(r: UInt8, g: UInt8, b: UInt8)] = []
        for (i, box) in boxes.enumerated() {
            var n: Int64 = 0, r: Int64 = 0, g: Int64 = 0, b: Int64 = 0
            for cell in box.cells {
                let c = Int(cell)
                boxOfCell[c] = UInt8(i)
                n += Int64(count[c])
                r += sums[c * 3]
                g += sums[c * 3 + 1]
                b += sums[c * 3 + 2]
            }
            func mean(_ s: Int64) -> UInt8 { UInt8((s + n / 2) / n) }
            palette.append((mean(r), mean(g), mean(b)))
        }

        var indices = [UInt8](repeating: 0, count: w * h)
        bitmap.bytes.withUnsafeBufferPointer { px in
            indices.withUnsafeMutableBufferPointer { out in
                for y in 0..<h {
                    var i = origin + y * stride
                    var o = y * w
                    for _ in 0..<w {
                        let cell = (Int(px[i + 2]) >> 2) << 12 | (Int(px[i + 1]) >> 2) << 6 | (Int(px[i]) >> 2)
                        out[o] = boxOfCell[cell]
                        i += 4
                        o += 1
                    }
                }
            }
        }
        return Result(palette: palette, indices: indices)
    }

    private static func channels(_ cell: Int32) -> (Int, Int, Int) {
        (Int(cell >> 12) & 63, Int(cell >> 6) & 63, Int(cell) & 63)
    }

    private static func makeBox(_ cells: ArraySlice<Int32>, _ count: [Int32]) -> Box {
        var lo = (63, 63, 63), hi = (0, 0, 0)
        var n = 0
        for cell in cells {
            let c = channels(cell)
            lo = (min(lo.0, c.0), min(lo.1, c.1), min(lo.2, c.2))
            hi = (max(hi.0, c.0), max(hi.1, c.1), max(hi.2, c.2))
            n += Int(count[Int(cell)])
        }
        return Box(cells: cells, count: n, lo: lo, hi: hi)
    }

    /// Splits along the longest side at the population median; both halves keep at least one cell.
    private static func split(_ box: Box, _ count: [Int32]) -> (Box, Box) {
        let ranges = [box.hi.0 - box.lo.0, box.hi.1 - box.lo.1, box.hi.2 - box.lo.2]
        let axis = ranges[0] >= ranges[1] && ranges[0] >= ranges[2] ? 0 : (ranges[1] >= ranges[2] ? 1 : 2)
        func key(_ cell: Int32) -> Int {
            let c = channels(cell)
            return axis == 0 ? c.0 : (axis == 1 ? c.1 : c.2)
        }
        // Stable order: by the axis, then by cell index.
        let sorted = box.cells.sorted { key($0) != key($1) ? key($0) < key($1) : $0 < $1 }
        var running = 0
        var cut = 1
        for (i, cell) in sorted.enumerated() {
            running += Int(count[Int(cell)])
            if running * 2 >= box.count {
                cut = i + 1
                break
            }
        }
        cut = min(max(cut, 1), sorted.count - 1)
        let all = Array(sorted)
        return (makeBox(all[0..<cut], count), makeBox(all[cut...], count))
    }
}

/// A rectangle of pixels.
struct PixelRect: Equatable, Sendable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// The smallest rectangle holding every pixel that differs between two
    /// bitmaps of the same size; nil when they are identical.
    static func changed(from a: Bitmap, to b: Bitmap) -> PixelRect? {
        precondition(a.width == b.width && a.height == b.height && a.stride == b.stride)
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        a.bytes.withUnsafeBufferPointer { pa in
            b.bytes.withUnsafeBufferPointer { pb in
                let rowBytes = a.width * 4
                for y in 0..<a.height {
                    let row = y * a.stride
                    guard memcmp(pa.baseAddress! + row, pb.baseAddress! + row, rowBytes) != 0 else { continue }
                    minY = min(minY, y)
                    maxY = y
                    var x = 0
                    while x < a.width, pa[row + x * 4] == pb[row + x * 4], pa[row + x * 4 + 1] == pb[row + x * 4 + 1],
                          pa[row + x * 4 + 2] == pb[row + x * 4 + 2] { x += 1 }
                    minX = min(minX, x)
                    var r = a.width - 1
                    while r > x, pa[row + r * 4] == pb[row + r * 4], pa[row + r * 4 + 1] == pb[row + r * 4 + 1],
                          pa[row + r * 4 + 2] == pb[row + r * 4 + 2] { r -= 1 }
                    maxX = max(maxX, r)
                }
            }
        }
        guard maxY >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
