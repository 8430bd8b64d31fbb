import CCairo
import RefreshLayers

/// IMAGE layers (ABI 1.2): the fill colour in the bounds, and over it the
/// image placed by contentsGravity (CALayer.contentsGravity) and contentsScale.
extension Rasterizer {
    static func drawImage(_ l: LayerSnapshot, alpha: Double, _ cr: OpaquePointer) {
        let w = l[.width], h = l[.height]
        if l.fill.a > 0, w > 0, h > 0 {
            roundedRect(cr, width: w, height: h, radius: l[.cornerRadius])
            setSource(cr, l.fill, alpha)
            cairo_fill(cr)
        }
        guard let image = l.image,
              let place = placement(l, imageWidth: image.width, imageHeight: image.height, imageScale: image.scale)
        else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if place.clipped {
            cairo_rectangle(cr, 0, 0, w, h)
            cairo_clip(cr)
        }
        cairo_translate(cr, place.x, place.y)
        cairo_scale(cr, place.width / Double(image.width), place.height / Double(image.height))
        // The image's own pixels: cairo reads them in place (ARGB32 rows are
        // exactly width x 4 bytes, cairo's stride for that width). Vector
        // surfaces record the source to replay later, so the surface is
        // finished before the pixels go: cairo then copies what it kept.
        image.pixels.withUnsafeBufferPointer { buffer in
            let data = UnsafeMutablePointer(mutating: buffer.baseAddress!)
            guard let surface = cairo_image_surface_create_for_data(
                data, CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height), Int32(image.width * 4))
            else { return }
            defer {
                cairo_surface_finish(surface)
                cairo_surface_destroy(surface)
            }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return }
            cairo_set_source_surface(cr, surface, 0, 0)
            // GOOD box-averages when shrinking and interpolates when growing;
            // PAD keeps the edge pixels whole (NONE would fade them out over
            // half a source pixel, a wide band on a small image drawn large).
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_rectangle(cr, 0, 0, Double(image.width), Double(image.height))
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, alpha)
        }
    }

    /// Where the image goes in the layer's local coordinates, and whether it is cut at the bounds.
    /// `imageScale`: the image's own pixels per point (an @2x variant's 2), which
    /// only the centre gravity reads: the others fit the image to the bounds.
    static func placement(_ l: LayerSnapshot, imageWidth iw: Int, imageHeight ih: Int, imageScale: Double = 1)
        -> (x: Double, y: Double, width: Double, height: Double, clipped: Bool)? {
        let w = l[.width], h = l[.height]
        let iw = Double(iw), ih = Double(ih)
        switch l[.contentsGravity] {
        case 1, 2:  // aspect fit, aspect fill
            guard w > 0, h > 0 else { return nil }
            let fill = l[.contentsGravity] == 2
            let s = fill ? max(w / iw, h / ih) : min(w / iw, h / ih)
            return ((w - iw * s) / 2, (h - ih * s) / 2, iw * s, ih * s, fill)
        case 3:  // centre, at its own point size
            let scale = l[.contentsScale] * imageScale
            guard scale.isFinite, scale > 0 else { return nil }
            let sw = iw / scale, sh = ih / scale
            return ((w - sw) / 2, (h - sh) / 2, sw, sh, false)
        default:  // resize
            guard w > 0, h > 0 else { return nil }
            return (0, 0, w, h, false)
        }
    }
}
