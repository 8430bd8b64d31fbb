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

    /// Draws the shadow of what `drawBody` draws (the layer, transformed from
    /// the parent's space, which is the context's user space).
    static func drawShadow(_ s: Shadow, _ cr: OpaquePointer, body drawBody: (OpaquePointer) -> Void) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        // Points of the parent's space in device units, and the offset there.
        let perPoint = abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
        guard perPoint.isFinite, perPoint > 0 else { return }
        var dx = s.offsetX, dy = s.offsetY
        cairo_user_to_device_distance(cr, &dx, &dy)
        let vector = isVector(cr)
        // On an SVG page the shadow is the page's own filter (SVGFilters): the
        // layer's vectors in a group painted with the shadow's marker, which
        // the file's rewrite turns into the shadow alone.
        if vector, let filters = SVGFilters.of(cr),
           let marker = filters.register(shadowSigma: s.radius / 2 * perPoint, dx: dx, dy: dy, color: s.color) {
            cairo_push_group(cr)
            drawBody(cr)
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, marker)
            return
        }
        // Device pixels on an image; on a vector page (SVG) the raster gets 2
        // pixels a unit, as a 2x screen shows it.
        var k = vector ? 2.0 : 1.0
        let sigma = s.radius / 2 * perPoint
        // A wide blur has no detail a coarser raster would lose: halved until
        // sigma is at most 3 raster pixels (at least 1.5), then scaled up
        // with interpolation. A quarter of the pixels per halving.
        var halved = false
        while sigma * k > 3 { k /= 2; halved = true }
        let reach = (3 * sigma).rounded(.up) + 1
        var clip = (x1: 0.0, y1: 0.0, x2: 0.0, y2: 0.0)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &clip.x1, &clip.y1, &clip.x2, &clip.y2)
        cairo_restore(cr)
        // Only a body inside the clip moved back by the offset and widened by
        // the reach casts a shadow that shows.
        let region = (x1: clip.x1 - dx - reach, y1: clip.y1 - dy - reach, x2: clip.x2 - dx + reach, y2: clip.y2 - dy + reach)
        guard region.x2 > region.x1, region.y2 > region.y1 else { return }
        let regionPixels = (region.x2 - region.x1) * (region.y2 - region.y1) * k * k
        let direct = !vector && regionPixels <= directRasterPixels
            ? directRaster(region, scale: k, sigma: sigma, reach: reach, m, cr, drawBody) : nil
        guard let raster = direct ?? recordedRaster(region, scale: k, sigma: sigma, reach: reach, m, cr, drawBody)
        else { return }
        defer { cairo_surface_destroy(raster.surface) }

        // The coarse raster blurs too: its antialiasing is a box of one
        // raster pixel (variance 1/12) and the bilinear scale-up a triangle
        // (variance 1/6). The Gaussian gives up that variance, so the three
        // together have the shadow's own (see ShadowRasterTests).
        let rk = sigma * raster.scale
        let coarse = halved || raster.scale < (vector ? 2 : 1)
        ShadowBlur.blur(raster.data, width: raster.width, height: raster.height, stride: raster.stride,
                        sigma: coarse ? max(0, rk * rk - 0.25).squareRoot() : rk)

        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_identity_matrix(cr)
        setSource(cr, s.color, 1)
        if vector {
            // Kept at its raster's size; the page scales it with interpolation.
            cairo_surface_mark_dirty(raster.surface)
            let pattern = cairo_pattern_create_for_surface(raster.surface)!
            var placement = cairo_matrix_t()
            cairo_matrix_init_scale(&placement, raster.scale, raster.scale)
            cairo_matrix_translate(&placement, -(raster.x0 + dx), -(raster.y0 + dy))
            cairo_pattern_set_matrix(pattern, &placement)
            cairo_mask(cr, pattern)
            cairo_pattern_destroy(pattern)
            return
        }
        // On an image: resampled to device pixels here, where the clip lets it
        // show, then composited unscaled (see ShadowBlur.resample).
        let ox = raster.x0 + dx, oy = raster.y0 + dy
        let outX = Int(max(ox, clip.x1).rounded(.down)), outY = Int(max(oy, clip.y1).rounded(.down))
        let outWidth = Int(min(ox + Double(raster.width) / raster.scale, clip.x2).rounded(.up)) - outX
        let outHeight = Int(min(oy + Double(raster.height) / raster.scale, clip.y2).rounded(.up)) - outY
        guard outWidth > 0, outHeight > 0 else { return }
        let device = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(outWidth), Int32(outHeight))!
        defer { cairo_surface_destroy(device) }
        guard cairo_surface_status(device) == CAIRO_STATUS_SUCCESS else { return }
        cairo_surface_flush(device)
        ShadowBlur.resample(raster.data, width: raster.width, height: raster.height, stride: raster.stride,
                            scale: raster.scale, originX: ox, originY: oy,
                            into: cairo_image_surface_get_data(device), outX: outX, outY: outY,
                            outWidth: outWidth, outHeight: outHeight, outStride: Int(cairo_image_surface_get_stride(device)))
        cairo_surface_mark_dirty(device)
        cairo_mask_surface(cr, device, Double(outX), Double(outY))
    }
}
