/// Pixels in cairo's ARGB32 layout: BGRA bytes in memory, premultiplied, `stride` bytes per row.
public struct Bitmap: Sendable, Equatable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    public let stride: Int
    public var bytes: [UInt8]

    public init(width: Int, height: Int, stride: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.stride = stride
        self.bytes = bytes
    }

    public var description: String { "Bitmap(\(width) x \(height))" }

    /// The pixel at (x, y) as straight (un-premultiplied) 8-bit RGBA.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width) x \(height)")
        let i = y * stride + x * 4
        let a = bytes[i + 3]
        func straight(_ v: UInt8) -> UInt8 {
            a == 0 ? 0 : UInt8(min(255, (Int(v) * 255 + Int(a) / 2) / Int(a)))
        }
        return (straight(bytes[i + 2]), straight(bytes[i + 1]), straight(bytes[i]), a)
    }
}
