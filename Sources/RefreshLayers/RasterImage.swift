#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Decoded pixels an image layer shows (ABI 1.2): premultiplied ARGB32 in
/// native byte order (cairo's CAIRO_FORMAT_ARGB32), rows `width * 4` bytes
/// apart, top row first. Immutable and shared by every snapshot that shows
/// it; `serial` names it across processes (the wire sends pixels once per serial).
public final class RasterImage: Equatable, Sendable {
    public let serial: UInt64
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    /// RH_IMAGE_MAX_SIDE.
    public static let maxSide = 4096
    /// RH_IMAGE_MAX_BYTES: pixels one instance may hold at once (4 bytes a pixel).
    public static let maxBytesPerInstance = 64 * 1024 * 1024

    public init(serial: UInt64, width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4, "RasterImage: pixel count")
        self.serial = serial
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public var byteCount: Int { pixels.count }

    /// The same pixels, whatever the serials: two runs of a style that make
    /// the same image show the same thing (the validator's replay compares
    /// them), and so do an image and its copy from across the wire.
    public static func == (a: RasterImage, b: RasterImage) -> Bool {
        guard a !== b else { return true }
        guard a.width == b.width, a.height == b.height else { return false }
        // memcmp: a 64 MiB image is compared in milliseconds, even in a debug build.
        return a.pixels.withUnsafeBytes { x in b.pixels.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
    }
}
