import Foundation
import RefreshRender

/// The most saturated point (max - min channel) on the circle of `radius`
/// about (cx, cy): Material's ring is coloured; its disc, the disc's shadow
/// and the list are grey.
func saturation(_ image: Bitmap, _ cx: Double, _ cy: Double, radius: Double) -> Int {
    (0..<360).map { degree in
        let a = Double(degree) * Double.pi / 180
        let c = image.colour(atPoint: cx + radius * cos(a), cy + radius * sin(a))
        return max(c.r, c.g, c.b) - min(c.r, c.g, c.b)
    }.max() ?? 0
}
