/// How large a drawn frame may be. Cairo's image surfaces stop at 32767
/// pixels a side; memory stops far sooner: a frame is held several times at
/// once (the cairo surface, the bitmap, the encoder's previous frame and its
/// quantized or encoded copies), measured at about 9 bytes a pixel for PNG,
/// 15 for GIF and 40 for WebP. 16 MP (4096 x 4096, 64 MiB a frame; a 5K
/// screen fits) keeps the hungriest format under 700 MB. An SVG holds no
/// pixels and is not limited.
public enum PixelBudget {
    /// Cairo's image surface limit, in device pixels a side.
    public static let maxSide = 32767
    /// Device pixels in one frame.
    public static let maxPixels = 1 << 24

    /// Device pixels a side for a viewport in points at `scale`, as FrameRenderer makes its surface.
    public static func pixels(_ points: Double, scale: Double) -> Int {
        max(1, Int((points * scale - 1e-9).rounded(.up)))
    }

    /// Why a frame of this viewport and scale cannot be drawn, in one line
    /// naming the limit; nil when it fits.
    public static func problem(width: Double, height: Double, scale: Double) -> String? {
        // Beyond any Int a side (or not a number): said without the pixels.
        guard width.isFinite, height.isFinite, scale.isFinite, max(width, height) * scale < 1e12 else {
            return "at most \(maxSide) pixels a side can be drawn"
        }
        let (w, h) = (pixels(width, scale: scale), pixels(height, scale: scale))
        if w > maxSide || h > maxSide {
            return "\(w) x \(h) pixels: at most \(maxSide) pixels a side can be drawn"
        }
        if w * h > maxPixels {
            return "\(w) x \(h) pixels: a drawn frame holds at most \(maxPixels) pixels (16 MP, 4096 x 4096)"
        }
        return nil
    }
}
