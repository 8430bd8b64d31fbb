/// Pixels handed to the preview: cairo's ARGB32 layout, which in memory is
/// B, G, R, A per pixel, premultiplied by alpha, rows `stride` bytes apart.
/// The preview never draws anything itself; whoever renders fills one of these.
public struct PixelImage: Sendable {
    public var width: Int
    public var height: Int
    public var stride: Int
    public var bytes: [UInt8]

    public init(width: Int, height: Int, stride: Int, bytes: [UInt8]) {
        precondition(width >= 0 && height >= 0 && stride >= width * 4 && bytes.count >= stride * height,
                     "PixelImage: \(bytes.count) bytes cannot hold \(width) x \(height) at stride \(stride)")
        self.width = width
        self.height = height
        self.stride = stride
        self.bytes = bytes
    }

    /// An image of one colour, for tests and placeholders.
    public init(width: Int, height: Int, fill: RGB) {
        self.init(width: width, height: height, stride: width * 4,
                  bytes: Array(repeating: [fill.b, fill.g, fill.r, 255], count: width * height).flatMap { $0 })
    }

    /// Sets one opaque pixel.
    public mutating func set(x: Int, y: Int, _ color: RGB) {
        let i = y * stride + x * 4
        bytes[i] = color.b
        bytes[i + 1] = color.g
        bytes[i + 2] = color.r
        bytes[i + 3] = 255
    }

    /// The pixel at (x, y) composited over `background`; outside the image, the background.
    public func color(x: Int, y: Int, over background: RGB) -> RGB {
        guard x >= 0, y >= 0, x < width, y < height else { return background }
        let i = y * stride + x * 4
        let a = bytes[i + 3]
        if a == 255 { return RGB(r: bytes[i + 2], g: bytes[i + 1], b: bytes[i]) }
        // Premultiplied: colour + background * (1 - alpha).
        let rest = UInt32(255 - a)
        func mix(_ c: UInt8, _ bg: UInt8) -> UInt8 { UInt8(min(255, UInt32(c) + (UInt32(bg) * rest + 127) / 255)) }
        return RGB(r: mix(bytes[i + 2], background.r), g: mix(bytes[i + 1], background.g), b: mix(bytes[i], background.b))
    }
}

/// An opaque 24-bit colour, what a truecolor terminal cell shows.
public struct RGB: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// 0xRRGGBB.
    public init(_ packed: UInt32) {
        self.init(r: UInt8(truncatingIfNeeded: packed >> 16), g: UInt8(truncatingIfNeeded: packed >> 8),
                  b: UInt8(truncatingIfNeeded: packed))
    }

    public var packed: UInt32 { UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }
    public var description: String { "\(r);\(g);\(b)" }
}
