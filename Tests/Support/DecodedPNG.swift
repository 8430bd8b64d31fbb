import CCairo

/// A PNG read back with cairo, as 0xRRGGBB pixels: how tests look at what a
/// real browser or a real `render` drew.
public struct DecodedPNG {
    public let width: Int
    public let height: Int
    public let pixels: [UInt32]

    public init(_ path: String) throws {
        guard let surface = cairo_image_surface_create_from_png(path),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw FixtureError(message: "\(path): not a PNG cairo can read")
        }
        defer { cairo_surface_destroy(surface) }
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { pixels.append(row[x] & 0xFFFFFF) }
        }
        self.pixels = pixels
    }

    public subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

    /// Whether every channel of `p` is within `tolerance` of `rgb`'s.
    /// (Plain arithmetic: tests count millions of pixels with it.)
    public static func near(_ p: UInt32, _ rgb: UInt32, tolerance: Int) -> Bool {
        abs(Int((p >> 16) & 0xFF) - Int((rgb >> 16) & 0xFF)) <= tolerance
            && abs(Int((p >> 8) & 0xFF) - Int((rgb >> 8) & 0xFF)) <= tolerance
            && abs(Int(p & 0xFF) - Int(rgb & 0xFF)) <= tolerance
    }

    public func isNear(x: Int, y: Int, _ rgb: UInt32, tolerance: Int = 8) -> Bool {
        Self.near(self[x, y], rgb, tolerance: tolerance)
    }

    /// How many pixels are within `tolerance` (per channel) of `rgb`.
    public func count(near rgb: UInt32, tolerance: Int = 6) -> Int {
        var count = 0
        for p in pixels where Self.near(p, rgb, tolerance: tolerance) { count += 1 }
        return count
    }
}
