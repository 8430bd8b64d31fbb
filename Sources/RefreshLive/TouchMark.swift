import RefreshRender

/// The touch indicator of a screen recording, as the iOS simulator shows
/// touches: a translucent grey disc with a darker rim, drawn over a frame.
/// Grey, so it shows on the list's white and on a coloured header alike.
public enum TouchMark {
    /// In points: about a fingertip.
    public static let radius = 18.0
    public static let rim = 2.0
    public static let fill = (gray: 120.0, alpha: 0.45)
    public static let edge = (gray: 60.0, alpha: 0.7)

    /// Draws the mark centred on (x, y) points into `bitmap`, an opaque frame
    /// at `scale` pixels per point, anti-aliased over one pixel.
    public static func draw(on bitmap: inout Bitmap, x: Double, y: Double, scale: Double) {
        let cx = x * scale, cy = y * scale
        let outer = radius * scale, inner = (radius - rim) * scale
        let x0 = max(0, Int(cx - outer - 1)), x1 = min(bitmap.width - 1, Int(cx + outer + 1))
        let y0 = max(0, Int(cy - outer - 1)), y1 = min(bitmap.height - 1, Int(cy + outer + 1))
        guard x0 <= x1, y0 <= y1 else { return }
        let stride = bitmap.stride
        bitmap.bytes.withUnsafeMutableBufferPointer { px in
            for py in y0...y1 {
                for pxX in x0...x1 {
                    let dx = Double(pxX) + 0.5 - cx, dy = Double(py) + 0.5 - cy
                    let d = (dx * dx + dy * dy).squareRoot()
                    // Coverage of the disc and of its inside, each smoothed over a pixel.
                    let disc = min(1, max(0, outer - d + 0.5))
                    guard disc > 0 else { continue }
                    let inside = min(1, max(0, inner - d + 0.5))
                    let alpha = disc * (inside * fill.alpha + (1 - inside) * edge.alpha)
                    let gray = inside * fill.gray + (1 - inside) * edge.gray
                    let i = py * stride + pxX * 4
                    for c in 0..<3 {
                        px[i + c] = UInt8((Double(px[i + c]) * (1 - alpha) + gray * alpha).rounded())
                    }
                }
            }
        }
    }
}
