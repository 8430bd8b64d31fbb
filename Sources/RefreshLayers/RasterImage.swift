/// Decoded pixels an image layer shows (ABI 1.2): premultiplied ARGB32 in
/// native byte order (cairo's CAIRO_FORMAT_ARGB32), rows `width * 4` bytes
/// apart, top row first. Immutable and shared by every snapshot that shows
/// it; `serial` names it across processes (the wire sends pixels once per serial).
public final class RasterImage: Equatable, Sendable {
    public let serial: UInt64
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]
    /// Pixels per point: 1, or 2 or 3 for an `@2x` / `@3x` variant that
    /// image_load picked for the output's scale (ABI 1.5), so the image
    /// shows at the same size in points whichever file was read.
    public let scale: Double
    /// A 128-bit digest of the pixels, made once: snapshots compare images
    /// every frame (replay, three instances side by side), and comparing
    /// 64 MiB each time made one check of a big-image style take minutes
    /// on a loaded machine.
    let digest: (UInt64, UInt64)

    /// RH_IMAGE_MAX_SIDE.
    public static let maxSide = 4096
    /// RH_IMAGE_MAX_BYTES: pixels one instance may hold at once (4 bytes a pixel).
    public static let maxBytesPerInstance = 64 * 1024 * 1024

    /// The scales an image may carry: a variant's `@1x`, `@2x` or `@3x`.
    public static let scales: ClosedRange<Double> = 1...3

    public init(serial: UInt64, width: Int, height: Int, pixels: [UInt8], scale: Double = 1) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4, "RasterImage: pixel count")
        precondition(Self.scales.contains(scale), "RasterImage: scale")
        self.serial = serial
        self.width = width
        self.height = height
        self.pixels = pixels
        self.scale = scale
        self.digest = Self.digest(of: pixels)
    }

    /// The same pixels under another serial, sharing the buffer and the
    /// digest: a decoded asset handed to another instance (or loaded again)
    /// costs neither a copy nor a pass over the pixels.
    /// `scale` nil keeps `other`'s; the decoded-image cache shares one file's
    /// pixels between a plugin that named the `@2x` file itself (scale 1) and
    /// one whose plain name picked it (scale 2).
    public init(serial: UInt64, samePixelsAs other: RasterImage, scale: Double? = nil) {
        self.serial = serial
        width = other.width
        height = other.height
        pixels = other.pixels
        digest = other.digest
        self.scale = scale.map { Self.scales.contains($0) ? $0 : 1 } ?? other.scale
    }

    /// Two independent multiply-rotate lanes over 8-byte words, then the
    /// length and a final avalanche; not cryptographic (a plugin that forges
    /// a collision only fools a comparison of its own frames).
    static func digest(of pixels: [UInt8]) -> (UInt64, UInt64) {
        pixels.withUnsafeBytes { raw -> (UInt64, UInt64) in
            var a: UInt64 = 0x9E37_79B9_7F4A_7C15, b: UInt64 = 0xC2B2_AE3D_27D4_EB4F
            let words = raw.count / 8
            for i in 0..<words {
                let w = raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)
                a = rotate((a ^ w) &* 0xFF51_AFD7_ED55_8CCD, 31)
                b = rotate((b &+ w) &* 0xC4CE_B9FE_1A85_EC53, 27) ^ a
            }
            for i in (words * 8)..<raw.count {
                a = (a ^ UInt64(raw[i])) &* 0x1000_0000_01B3
                b = (b &+ UInt64(raw[i])) &* 0xFF51_AFD7_ED55_8CCD
            }
            return (avalanche(a ^ UInt64(raw.count)), avalanche(b &+ UInt64(raw.count)))
        }
    }

    private static func rotate(_ x: UInt64, _ n: UInt64) -> UInt64 { (x << n) | (x >> (64 - n)) }

    private static func avalanche(_ x: UInt64) -> UInt64 {
        var h = x
        h = (h ^ (h >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        h = (h ^ (h >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        return h ^ (h >> 33)
    }

    public var byteCount: Int { pixels.count }

    /// The same pixels, whatever the serials: two runs of a style that make
    /// the same image show the same thing (the validator's replay compares
    /// them), and so do an image and its copy from across the wire.
    public static func == (a: RasterImage, b: RasterImage) -> Bool {
        guard a !== b else { return true }
        return a.width == b.width && a.height == b.height && a.scale == b.scale && a.digest == b.digest
    }
}
