import CCairo
import RefreshLayers

#if canImport(Glibc)
import Glibc
#endif

/// Shadows (ABI 1.2), as CALayer's: the layer's drawn content and its
/// children, their alpha blurred (a Gaussian of sigma = radius / 2), tinted
/// with the shadow colour x shadowOpacity, moved by the offset in the
/// parent's coordinates (the layer's own rotation does not turn it) and
/// drawn under the layer.
extension Rasterizer {
    struct Shadow {
        var color: RGBA
        var radius: Double
        var offsetX: Double
        var offsetY: Double
    }

    /// The layer's shadow, nil when it draws none (no opacity, a clear colour).
    static func shadow(of l: LayerSnapshot) -> Shadow? {
        let opacity = unit(l[.shadowOpacity], 0)
        let alpha = l.shadow.a * opacity
        guard alpha > 0, alpha.isFinite else { return nil }
        func bounded(_ v: Double, _ limit: Double) -> Double { v.isFinite ? min(max(v, -limit), limit) : 0 }
        var color = l.shadow
        color.a = alpha
        return Shadow(color: color, radius: max(0, bounded(l[.shadowRadius], LayerProperty.maxShadowRadius)),
                      offsetX: bounded(l[.shadowOffsetX], 1e3), offsetY: bounded(l[.shadowOffsetY], 1e3))
    }

    /// The longest side of a shadow's raster, in pixels: the canvas plus the
    /// blur's reach bounds it already; this bounds a vector page too.
    static let maxShadowSide = 8192.0

    /// Records what `draw` draws, in the device space of `cr`'s current user
    /// space, on a recording surface (caller destroys it). Unbounded unless
    /// `bounds` (device space) is given; then the recording holds only that
    /// rectangle, with its top left at the recording's origin (paint it at
    /// bounds.x, bounds.y): cairo 1.16's SVG surface loses the content of a
    /// recording whose extents do not start at 0, 0.
    static func record(like cr: OpaquePointer, bounds: cairo_rectangle_t? = nil,
                       _ draw: (OpaquePointer) -> Void) -> OpaquePointer {
        let surface: OpaquePointer
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        if let bounds {
            var extents = cairo_rectangle_t(x: 0, y: 0, width: bounds.width, height: bounds.height)
            surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents)!
            m.x0 -= bounds.x
            m.y0 -= bounds.y
        } else {
            surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil)!
        }
        let rc = cairo_create(surface)!
        cairo_set_matrix(rc, &m)
        cairo_set_tolerance(rc, cairo_get_tolerance(cr))
        applyTextOptions(rc)
        draw(rc)
        cairo_destroy(rc)
        return surface
    }

    /// Draws the shadow of `body` (a recording in device space: the layer,
    /// transformed). The context's user space is the parent's.
    static func drawShadow(_ body: OpaquePointer, _ s: Shadow, _ cr: OpaquePointer) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        // Points of the parent's space in device units, and the offset there.
        let perPoint = abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
        guard perPoint.isFinite, perPoint > 0 else { return }
        var dx = s.offsetX, dy = s.offsetY
        cairo_user_to_device_distance(cr, &dx, &dy)
        // Device pixels on an image; on a vector page (SVG) the raster gets 2
        // pixels a unit, as a 2x screen shows it.
        var k = isVector(cr) ? 2.0 : 1.0
        let sigma = s.radius / 2 * perPoint
        // A wide blur has no detail a coarser raster would lose: halved until
        // sigma is at most 6 raster pixels (at least 3), then drawn scaled
        // up with interpolation. A quarter of the pixels per halving.
        while sigma * k > 6 { k /= 2 }
        let reach = (3 * sigma).rounded(.up) + 1

        var ink = (x: 0.0, y: 0.0, w: 0.0, h: 0.0)
        cairo_recording_surface_ink_extents(body, &ink.x, &ink.y, &ink.w, &ink.h)
        guard ink.w > 0, ink.h > 0 else { return }
        var clip = (x1: 0.0, y1: 0.0, x2: 0.0, y2: 0.0)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &clip.x1, &clip.y1, &clip.x2, &clip.y2)
        cairo_restore(cr)
        // Only what can show: the ink with the blur's reach, where the clip
        // (moved back by the offset, widened by the reach) lets it through.
        let x1 = max(ink.x, clip.x1 - dx) - reach, y1 = max(ink.y, clip.y1 - dy) - reach
        let x2 = min(ink.x + ink.w, clip.x2 - dx) + reach, y2 = min(ink.y + ink.h, clip.y2 - dy) + reach
        let x0 = x1.rounded(.down), y0 = y1.rounded(.down)
        guard x2 > x1, y2 > y1 else { return }
        k = min(k, maxShadowSide / (x2 - x0), maxShadowSide / (y2 - y0))
        let width = Int(((x2 - x0) * k).rounded(.up)), height = Int(((y2 - y0) * k).rounded(.up))
        guard width > 0, height > 0 else { return }

        let alpha = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(alpha) }
        guard cairo_surface_status(alpha) == CAIRO_STATUS_SUCCESS else { return }
        let ac = cairo_create(alpha)!
        cairo_scale(ac, k, k)
        cairo_translate(ac, -x0, -y0)
        cairo_set_source_surface(ac, body, 0, 0)
        cairo_paint(ac)
        cairo_destroy(ac)
        cairo_surface_flush(alpha)
        ShadowBlur.blur(cairo_image_surface_get_data(alpha), width: width, height: height,
                        stride: Int(cairo_image_surface_get_stride(alpha)), sigma: sigma * k)
        cairo_surface_mark_dirty(alpha)

        cairo_save(cr)
        cairo_identity_matrix(cr)
        setSource(cr, s.color, 1)
        let pattern = cairo_pattern_create_for_surface(alpha)!
        var placement = cairo_matrix_t()
        cairo_matrix_init_scale(&placement, k, k)
        cairo_matrix_translate(&placement, -(x0 + dx), -(y0 + dy))
        cairo_pattern_set_matrix(pattern, &placement)
        cairo_mask(cr, pattern)
        cairo_pattern_destroy(pattern)
        cairo_restore(cr)
    }
}
