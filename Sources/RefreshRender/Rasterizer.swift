import CCairo
import RefreshLayers

#if canImport(Glibc)
import Glibc
#endif

/// Draws a layer snapshot (`LayerTree.snapshot`, draw order, presentation
/// values) into a cairo context with Core Animation's rules: `position` is
/// where the anchor point sits in the parent, the transform (scale, then
/// rotation, then translation) turns about the anchor point, opacity
/// multiplies down the tree, hidden hides a subtree, clipsToBounds clips
/// the children to the bounds and corner radius.
public enum Rasterizer {
    /// The font every text layer uses, through fontconfig.
    public static let fontFamily = "DejaVu Sans"

    /// Draws `layers` in the context's current coordinates (points).
    public static func draw(_ layers: [LayerSnapshot], in cr: OpaquePointer) {
        guard !layers.isEmpty else { return }
        // Children of each layer, in draw order (the snapshot's order).
        var index: [LayerID: Int] = [:]
        for (i, l) in layers.enumerated() { index[l.id] = i }
        var children = [[Int]](repeating: [], count: layers.count)
        var roots: [Int] = []
        for (i, l) in layers.enumerated() {
            if let p = l.parent, let pi = index[p] { children[pi].append(i) } else { roots.append(i) }
        }
        cairo_save(cr)
        applyTextOptions(cr)
        for r in roots { drawLayer(r, layers, children, cr) }
        cairo_restore(cr)
    }

    /// Hinting off, so text has the same shapes and advances at every scale.
    static func applyTextOptions(_ cr: OpaquePointer) {
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    private static func drawLayer(_ i: Int, _ layers: [LayerSnapshot], _ children: [[Int]], _ cr: OpaquePointer) {
        let l = layers[i]
        let opacity = l[.opacity]
        guard l[.hidden] == 0, opacity > 0 else { return }
        let sx = l[.scaleX], sy = l[.scaleY]
        // A zero scale draws nothing, and cairo refuses a singular matrix.
        guard abs(sx) > 1e-9, abs(sy) > 1e-9 else { return }
        let w = l[.width], h = l[.height]

        cairo_save(cr)
        cairo_translate(cr, l[.positionX] + l[.translationX], l[.positionY] + l[.translationY])
        if l[.rotation] != 0 { cairo_rotate(cr, l[.rotation]) }
        if sx != 1 || sy != 1 { cairo_scale(cr, sx, sy) }
        cairo_translate(cr, -l[.anchorX] * w, -l[.anchorY] * h)

        let kids = children[i]
        let paintsFill = (l.gradient != nil || l.fill.a > 0) && l.kind != .group
        let paintsStroke = l.stroke.a > 0 && l[.lineWidth] > 0 && (l.kind == .rect || l.kind == .ellipse || l.kind == .path)
        // A translucent layer whose parts overlap (children, or a fill under
        // a stroke) is drawn opaque into a group that is then blended once,
        // as Core Animation does; a single shape just takes the alpha.
        let grouped = opacity < 1 && (!kids.isEmpty || (paintsFill && paintsStroke))
        let alpha = grouped ? 1 : opacity
        if grouped { cairo_push_group(cr) }

        if paintsFill || paintsStroke {
            drawContent(l, fill: paintsFill, stroke: paintsStroke, alpha: alpha, cr)
        }
        if !kids.isEmpty {
            if l[.clipsToBounds] != 0 {
                roundedRect(cr, width: w, height: h, radius: l[.cornerRadius])
                cairo_clip(cr)
            }
            for k in kids { drawLayer(k, layers, children, cr) }
        }

        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, opacity)
        }
        cairo_restore(cr)
    }

    private static func drawContent(_ l: LayerSnapshot, fill: Bool, stroke: Bool, alpha: Double, _ cr: OpaquePointer) {
        let w = l[.width], h = l[.height]
        switch l.kind {
        case .group, .image:
            return
        case .rect:
            guard w > 0, h > 0 else { return }
            roundedRect(cr, width: w, height: h, radius: l[.cornerRadius])
        case .ellipse:
            guard w > 0, h > 0 else { return }
            cairo_save(cr)
            cairo_translate(cr, w / 2, h / 2)
            cairo_scale(cr, w / 2, h / 2)
            cairo_new_sub_path(cr)
            cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
            cairo_close_path(cr)
            cairo_restore(cr)  // the stroke width stays in the layer's units
        case .path:
            guard !l.path.isEmpty else { return }
            appendPath(l.path, cr)
        case .text:
            if fill, let text = l.text, !text.isEmpty { drawText(text, l, alpha: alpha, cr) }
            return
        }
        if fill {
            if let g = l.gradient { setGradientSource(cr, g, width: w, height: h, alpha) } else { setSource(cr, l.fill, alpha) }
            if stroke { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
        }
        if stroke {
            setSource(cr, l.stroke, alpha)
            cairo_set_line_width(cr, l[.lineWidth])
            cairo_stroke(cr)
        }
        cairo_new_path(cr)
    }

    /// The elements as cairo path operations. cairo's arc already raises an
    /// end angle below the start by 2*pi and joins it to the current point,
    /// exactly as the header specifies. The engine refuses paths beyond its
    /// limits, but snapshots may come from elsewhere (a worker process), so
    /// the drawing bounds its own work too: at most PathElement.maxCount
    /// elements, out-of-range ones skipped, long arcs shortened.
    static func appendPath(_ path: [PathElement], _ cr: OpaquePointer) {
        cairo_new_path(cr)
        for original in path.prefix(PathElement.maxCount) {
            guard original.numbers.allSatisfy({ $0.isFinite && abs($0) <= PathElement.maxNumber }) else { continue }
            let element = original.bounded
            switch element {
            case let .moveTo(x, y): cairo_move_to(cr, x, y)
            case let .lineTo(x, y): cairo_line_to(cr, x, y)
            case let .curveTo(c1x, c1y, c2x, c2y, x, y): cairo_curve_to(cr, c1x, c1y, c2x, c2y, x, y)
            case let .arc(cx, cy, r, a0, a1): cairo_arc(cr, cx, cy, r, a0, a1)
            case let .arcNegative(cx, cy, r, a0, a1): cairo_arc_negative(cr, cx, cy, r, a0, a1)
            case .close: cairo_close_path(cr)
            }
        }
    }

    /// One line centred in the bounds: horizontally by its advance,
    /// vertically by the font's ascent and descent (as a label centres its
    /// line box), so a line does not jump as its glyphs change.
    private static func drawText(_ text: String, _ l: LayerSnapshot, alpha: Double, _ cr: OpaquePointer) {
        let bold = l[.fontWeight] != 0
        cairo_select_font_face(cr, fontFamily, CAIRO_FONT_SLANT_NORMAL,
                               bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, l[.fontSize])
        var font = cairo_font_extents_t()
        cairo_font_extents(cr, &font)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        let x = (l[.width] - extents.x_advance) / 2
        let y = (l[.height] - (font.ascent + font.descent)) / 2 + font.ascent
        setSource(cr, l.fill, alpha)
        cairo_move_to(cr, x, y)
        cairo_show_text(cr, text)
        cairo_new_path(cr)
    }

    /// The bounds as a path, with corners of `radius` (at most half the shorter side).
    static func roundedRect(_ cr: OpaquePointer, width w: Double, height h: Double, radius: Double) {
        cairo_new_path(cr)
        let r = min(max(radius, 0), min(w, h) / 2)
        guard r > 0 else {
            cairo_rectangle(cr, 0, 0, w, h)
            return
        }
        let pi = Double.pi
        cairo_new_sub_path(cr)
        cairo_arc(cr, w - r, r, r, -pi / 2, 0)
        cairo_arc(cr, w - r, h - r, r, 0, pi / 2)
        cairo_arc(cr, r, h - r, r, pi / 2, pi)
        cairo_arc(cr, r, r, r, pi, 3 * pi / 2)
        cairo_close_path(cr)
    }

    /// A cairo linear pattern in the layer's local coordinates: the gradient's
    /// unit points scaled by the bounds, as CAGradientLayer maps its start and
    /// end points. The pattern locks to the user space current now, so the path
    /// filled next (rounded rect, ellipse, path) is painted through it; cairo's
    /// default extend (PAD) holds the end colours beyond the end stops.
    static func setGradientSource(_ cr: OpaquePointer, _ g: Gradient, width w: Double, height h: Double,
                                  _ alpha: Double) {
        guard let pattern = cairo_pattern_create_linear(g.startX * w, g.startY * h, g.endX * w, g.endY * h) else { return }
        for stop in g.stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, stop.offset, c.r, c.g, c.b, c.a * alpha)
        }
        cairo_set_source(cr, pattern)
        cairo_pattern_destroy(pattern)
    }

    static func setSource(_ cr: OpaquePointer, _ c: RGBA, _ alpha: Double) {
        cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a * alpha)
    }
}
