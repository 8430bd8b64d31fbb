import CCairo
import RefreshLayers

/// rh.effects/1 (ABI 1.5): a layer's Gaussian blur and its compositing
/// operator. The blur draws the layer (with its shadow, mask and children) on
/// a raster of its own, where it reaches into the clip, blurs the four
/// premultiplied channels with ShadowBlur's three box blurs (sigma = radius /
/// 2 in the parent's points, as a shadow's) and paints the result with the
/// layer's operator. An operator other than over paints the layer's drawing
/// as an offscreen group; the parent isolates its children (see
/// isolatesChildren), so the operator acts on the parent's drawing only.
extension Rasterizer {
    /// The longest side of a blur's raster, in pixels: a larger region is
    /// drawn coarser and scaled up (a blur that wide has no detail to lose).
    static let maxBlurSide = 4096.0

    static func cairoOperator(_ op: CompositeOperator) -> cairo_operator_t {
        switch op {
        case .over: CAIRO_OPERATOR_OVER
        case .add: CAIRO_OPERATOR_ADD
        case .out: CAIRO_OPERATOR_DEST_OUT
        case .intersect: CAIRO_OPERATOR_DEST_IN
        case .xor: CAIRO_OPERATOR_XOR
        }
    }

    /// Whether the layer's content and children are drawn as one offscreen
    /// group, because a child combines with what is under it by an operator
    /// other than over (which must not reach past this layer).
    static func isolatesChildren(_ kids: [Int], _ tree: Tree) -> Bool {
        kids.contains { tree.layers[$0].effects.composite != .over }
    }

    /// Draws the layer that `draw` draws (in the context's user space) with
    /// its effects: blurred by `radius` points of that space, combined by `op`.
    static func drawWithEffects(_ effects: LayerEffects, _ cr: OpaquePointer, _ draw: (OpaquePointer) -> Void) {
        let op = cairoOperator(effects.composite)
        let radius = effects.blurRadius.isFinite ? min(max(effects.blurRadius, 0), LayerProperty.maxBlurRadius) : 0
        cairo_save(cr)
        defer { cairo_restore(cr) }
        // cairo's SVG surface has no operators (it would fall back to a picture
        // of the whole page at 300 dpi): on an SVG page an operator with a CSS
        // blend mode is the page's own (SVGFilters+Blend), the layer (blurred
        // as below) in a group painted with the blend's marker; otherwise, on
        // a vector page the layer is drawn on a raster of its own, at 2 pixels
        // a unit, as a blur is.
        if op != CAIRO_OPERATOR_OVER, let filters = SVGFilters.of(cr),
           let marker = filters.register(blend: effects.composite) {
            cairo_push_group(cr)
            if radius > 0 { drawWithEffects(LayerEffects(blurRadius: radius), cr, draw) } else { draw(cr) }
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, marker)
            return
        }
        // On an SVG page a plain blur is the page's own filter (SVGFilters):
        // the layer stays vectors, painted with its blur's marker.
        if radius > 0, op == CAIRO_OPERATOR_OVER, let filters = SVGFilters.of(cr),
           let marker = filters.register(sigma: radius / 2 * pointsToDevice(cr)) {
            cairo_push_group(cr)
            draw(cr)
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, marker)
            return
        }
        guard radius > 0 || isVector(cr) else {
            cairo_push_group(cr)
            draw(cr)
            cairo_pop_group_to_source(cr)
            cairo_set_operator(cr, op)
            cairo_paint(cr)
            return
        }
        drawOffscreen(radius: radius, op: op, cr, draw)
    }

    /// Device units per point of the context's user space.
    static func pointsToDevice(_ cr: OpaquePointer) -> Double {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
    }

    /// A parent that isolates its children (isolatesChildren) on a vector page:
    /// on an SVG page whose children's operators all have CSS blend modes, an
    /// isolated group of vectors (its marker becomes `isolation:isolate`);
    /// otherwise the group drawn on a raster of its own, where the operators work.
    static func drawIsolated(_ kids: [Int], _ tree: Tree, _ cr: OpaquePointer, _ draw: (OpaquePointer) -> Void) {
        if SVGFilters.blendsAsCSS(kids.lazy.map { tree.layers[$0].effects.composite }),
           let filters = SVGFilters.of(cr), let marker = filters.registerIsolation() {
            cairo_push_group(cr)
            draw(cr)
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, marker)
            return
        }
        cairo_save(cr)
        drawOffscreen(radius: 0, op: CAIRO_OPERATOR_OVER, cr, draw)
        cairo_restore(cr)
    }

    /// `draw` on a raster of its own, blurred by `radius` (0: not blurred),
    /// painted with `op`.
    private static func drawOffscreen(radius: Double, op: cairo_operator_t, _ cr: OpaquePointer,
                                    _ draw: (OpaquePointer) -> Void) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let perPoint = abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
        guard perPoint.isFinite, perPoint > 0 else { return }
        let sigma = radius / 2 * perPoint  // device units
        let reach = (3 * sigma).rounded(.up) + 1
        // The drawing recorded in device space: its ink, widened by the blur's
        // reach and cut to the clip widened by it, is all that can show.
        let recording = record(like: cr, draw)
        defer { cairo_surface_destroy(recording) }
        var ink = (x: 0.0, y: 0.0, w: 0.0, h: 0.0)
        cairo_recording_surface_ink_extents(recording, &ink.x, &ink.y, &ink.w, &ink.h)
        var clip = (x1: 0.0, y1: 0.0, x2: 0.0, y2: 0.0)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &clip.x1, &clip.y1, &clip.x2, &clip.y2)
        cairo_restore(cr)
        // A drawing with an offscreen group in it (a child's operator) records
        // as unbounded (a negative size): then the clip bounds it.
        if ink.w < 0 || ink.h < 0 { ink = (clip.x1, clip.y1, clip.x2 - clip.x1, clip.y2 - clip.y1) }
        guard ink.w > 0, ink.h > 0 else { return }
        let x0 = max(ink.x - reach, clip.x1 - reach).rounded(.down)
        let y0 = max(ink.y - reach, clip.y1 - reach).rounded(.down)
        let x1 = min(ink.x + ink.w + reach, clip.x2 + reach).rounded(.up)
        let y1 = min(ink.y + ink.h + reach, clip.y2 + reach).rounded(.up)
        guard x1 > x0, y1 > y0 else { return }
        // Raster pixels a device unit: 1 on an image, 2 on a vector page (as a
        // 2x screen shows it), fewer when the region is vast.
        var k = isVector(cr) ? 2.0 : 1.0
        while max(x1 - x0, y1 - y0) * k > maxBlurSide { k /= 2 }
        let width = Int(((x1 - x0) * k).rounded(.up)), height = Int(((y1 - y0) * k).rounded(.up))
        let raster = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(raster) }
        guard cairo_surface_status(raster) == CAIRO_STATUS_SUCCESS else { return }
        let rc = cairo_create(raster)!
        cairo_scale(rc, k, k)
        cairo_set_source_surface(rc, recording, -x0, -y0)
        cairo_paint(rc)
        cairo_destroy(rc)
        cairo_surface_flush(raster)
        guard let data = cairo_image_surface_get_data(raster) else { return }
        if radius > 0 {
            blurChannels(data, width: width, height: height, stride: Int(cairo_image_surface_get_stride(raster)),
                         sigma: sigma * k)
        }
        cairo_surface_mark_dirty(raster)

        cairo_identity_matrix(cr)
        let pattern = cairo_pattern_create_for_surface(raster)!
        var placement = cairo_matrix_t()
        cairo_matrix_init_scale(&placement, k, k)
        cairo_matrix_translate(&placement, -x0, -y0)
        cairo_pattern_set_matrix(pattern, &placement)
        cairo_set_source(cr, pattern)
        cairo_pattern_destroy(pattern)
        cairo_set_operator(cr, op)
        cairo_paint(cr)
    }

    /// Blurs premultiplied ARGB32 pixels channel by channel: the premultiplied
    /// channels blur as coverage does, so colours do not bleed into clear.
    static func blurChannels(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        let plane = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height * 4)
        defer { plane.deallocate() }
        for y in 0..<height {
            let row = data + y * stride
            for x in 0..<width {
                for c in 0..<4 { plane[c * width * height + y * width + x] = row[4 * x + c] }
            }
        }
        for c in 0..<4 { ShadowBlur.blur(plane + c * width * height, width: width, height: height, stride: width, sigma: sigma) }
        // Byte 3 is alpha in cairo's native-endian ARGB32 on little-endian machines,
        // byte 0 on big-endian ones; a colour never exceeds its alpha.
        let alphaByte = 1.bigEndian == 1 ? 0 : 3
        for y in 0..<height {
            let row = data + y * stride
            for x in 0..<width {
                let a = plane[alphaByte * width * height + y * width + x]
                for c in 0..<4 { row[4 * x + c] = min(plane[c * width * height + y * width + x], a) }
            }
        }
    }
}
