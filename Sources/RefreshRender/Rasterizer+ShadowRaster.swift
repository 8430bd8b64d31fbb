import CCairo
import RefreshLayers

/// A shadow's raster: the body drawn in alpha only, where it can cast a
/// shadow that shows, ready for the blur. Two ways to find that: draw onto a
/// raster of the whole region and scan it (small regions: wide blurs), or
/// record the body first and read its ink (large ones, vector pages, and
/// bodies too vast to draw directly).
extension Rasterizer {
    /// Marks the context that draws a shadow's raster, where only alpha counts.
    nonisolated(unsafe) static let alphaOnlyKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

    static func isAlphaOnly(_ cr: OpaquePointer) -> Bool { cairo_get_user_data(cr, alphaOnlyKey) != nil }

    /// A shadow's alpha before and after the blur: `width` x `height` bytes
    /// at `data`, `stride` apart, `scale` raster pixels per device pixel,
    /// raster pixel (0, 0) at device point (x0, y0).
    struct ShadowRaster {
        var surface: OpaquePointer
        var data: UnsafeMutablePointer<UInt8>
        var width: Int, height: Int, stride: Int
        var scale: Double
        var x0: Double, y0: Double
    }

    /// Past this many raster pixels the body is recorded first to find its
    /// ink, rather than drawn onto a raster of the whole region and scanned:
    /// a region costs a zeroed raster and a scan of it, and with a narrow
    /// blur the region is the whole canvas at full size (WaterDrop's 1 pt
    /// shadow: 460,000 pixels at 2x, where recording costs a tenth).
    static let directRasterPixels = 65_536.0

    /// An A8 image surface of `width` x `height` with `drawBody` drawn on it,
    /// raster pixel (0, 0) at device point (x0, y0); nil if cairo cannot make it.
    private static func rasterize(width: Int, height: Int, x0: Double, y0: Double, scale k: Double, sigma: Double,
                                  _ m: cairo_matrix_t, _ cr: OpaquePointer,
                                  _ drawBody: (OpaquePointer) -> Void) -> OpaquePointer? {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        let ac = cairo_create(surface)!
        cairo_set_user_data(ac, alphaOnlyKey, UnsafeMutableRawPointer(alphaOnlyKey), nil)
        var m = m
        cairo_scale(ac, k, k)
        cairo_translate(ac, -x0, -y0)
        cairo_transform(ac, &m)
        // Curves flattened as coarsely as the blur hides: a quarter of sigma,
        // up to half a raster pixel (about half the segments of the default).
        cairo_set_tolerance(ac, max(cairo_get_tolerance(cr), min(0.5, sigma * k / 4)))
        applyTextOptions(ac)
        drawBody(ac)
        cairo_destroy(ac)
        cairo_surface_flush(surface)
        return surface
    }

    /// The body drawn once, onto a raster of the whole region; its ink found
    /// by scanning the bytes, and the raster narrowed to the ink and the reach.
    /// Nil (for the recorded path, which checks) when there is no ink, or ink
    /// at the region's edge: the body may be larger than the region, even
    /// beyond what cairo's fixed-point numbers hold (drawn directly, such a
    /// body wraps around and may draw nothing).
    static func directRaster(_ r: (x1: Double, y1: Double, x2: Double, y2: Double), scale k: Double, sigma: Double,
                             reach: Double, _ m: cairo_matrix_t, _ cr: OpaquePointer,
                             _ drawBody: (OpaquePointer) -> Void) -> ShadowRaster? {
        let x0 = r.x1.rounded(.down), y0 = r.y1.rounded(.down)
        let width = Int(((r.x2 - x0) * k).rounded(.up)), height = Int(((r.y2 - y0) * k).rounded(.up))
        guard width > 0, height > 0,
              let surface = rasterize(width: width, height: height, x0: x0, y0: y0, scale: k, sigma: sigma, m, cr, drawBody)
        else { return nil }
        let data = cairo_image_surface_get_data(surface)!, stride = Int(cairo_image_surface_get_stride(surface))
        guard let ink = inkBounds(data, width: width, height: height, stride: stride),
              ink.x1 > 0, ink.y1 > 0, ink.x2 < width - 1, ink.y2 < height - 1
        else {
            cairo_surface_destroy(surface)
            return nil
        }
        let margin = Int((reach * k).rounded(.up)) + 1
        let bx = max(0, ink.x1 - margin), by = max(0, ink.y1 - margin)
        return ShadowRaster(surface: surface, data: data + by * stride + bx,
                            width: min(width, ink.x2 + 1 + margin) - bx, height: min(height, ink.y2 + 1 + margin) - by,
                            stride: stride, scale: k, x0: x0 + Double(bx) / k, y0: y0 + Double(by) / k)
    }

    /// The smallest rectangle of non-zero bytes (inclusive), nil if all are 0.
    /// Eight bytes at a time: most of a region is empty.
    static func inkBounds(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int)
        -> (x1: Int, y1: Int, x2: Int, y2: Int)? {
        var ink = (x1: width, y1: height, x2: -1, y2: -1)
        let raw = UnsafeRawPointer(data)
        for y in 0..<height {
            let row = raw + y * stride
            var x = 0
            var first = -1, last = -1
            while x + 8 <= width {
                if row.loadUnaligned(fromByteOffset: x, as: UInt64.self) != 0 {
                    for i in x..<(x + 8) where data[y * stride + i] != 0 {
                        if first < 0 { first = i }
                        last = i
                    }
                }
                x += 8
            }
            for i in x..<width where data[y * stride + i] != 0 {
                if first < 0 { first = i }
                last = i
            }
            guard first >= 0 else { continue }
            ink = (min(ink.x1, first), min(ink.y1, y), max(ink.x2, last), y)
        }
        return ink.x2 >= 0 ? ink : nil
    }

    /// The body recorded first (on a vector page, or a huge region), its ink
    /// extents read from the recording, then drawn onto a raster of just that.
    static func recordedRaster(_ r: (x1: Double, y1: Double, x2: Double, y2: Double), scale: Double, sigma: Double,
                               reach: Double, _ m: cairo_matrix_t, _ cr: OpaquePointer,
                               _ drawBody: (OpaquePointer) -> Void) -> ShadowRaster? {
        let body = record(like: cr, drawBody)
        defer { cairo_surface_destroy(body) }
        var ink = (x: 0.0, y: 0.0, w: 0.0, h: 0.0)
        cairo_recording_surface_ink_extents(body, &ink.x, &ink.y, &ink.w, &ink.h)
        guard ink.w > 0, ink.h > 0 else { return nil }
        let x1 = max(ink.x - reach, r.x1), y1 = max(ink.y - reach, r.y1)
        let x2 = min(ink.x + ink.w + reach, r.x2), y2 = min(ink.y + ink.h + reach, r.y2)
        guard x2 > x1, y2 > y1 else { return nil }
        let x0 = x1.rounded(.down), y0 = y1.rounded(.down)
        let k = min(scale, maxShadowSide / (x2 - x0), maxShadowSide / (y2 - y0))
        let width = Int(((x2 - x0) * k).rounded(.up)), height = Int(((y2 - y0) * k).rounded(.up))
        guard width > 0, height > 0 else { return nil }
        // A body within cairo's fixed-point range is drawn again, directly (a
        // recording painted through a scale costs more); a vast one, whose
        // numbers wrap, is painted from the recording, as the canvas got it.
        let sane = [ink.x, ink.y, ink.x + ink.w, ink.y + ink.h].allSatisfy { abs($0) < 262_144 }
        let made = sane
            ? rasterize(width: width, height: height, x0: x0, y0: y0, scale: k, sigma: sigma, m, cr, drawBody)
            : rasterize(width: width, height: height, x0: x0, y0: y0, scale: k, sigma: sigma, m, cr) { ac in
                cairo_identity_matrix(ac)
                cairo_scale(ac, k, k)
                cairo_translate(ac, -x0, -y0)
                cairo_set_source_surface(ac, body, 0, 0)
                cairo_paint(ac)
            }
        guard let surface = made else { return nil }
        return ShadowRaster(surface: surface, data: cairo_image_surface_get_data(surface), width: width, height: height,
                            stride: Int(cairo_image_surface_get_stride(surface)), scale: k, x0: x0, y0: y0)
    }
}
