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
/// the children to the bounds and corner radius. The 1.2 vocabulary lives in
/// files by concept: strokes, shadows, masks, text, images.
public enum Rasterizer {
    /// The font text layers use unless they name another (RH_FONT_DEFAULT_FAMILY).
    public static let fontFamily = FontSpec.defaultFamily

    /// The snapshot with each layer's children, in draw order.
    struct Tree {
        let layers: [LayerSnapshot]
        let children: [[Int]]
    }

    /// Draws `layers` in the context's current coordinates (points).
    public static func draw(_ layers: [LayerSnapshot], in cr: OpaquePointer) {
        guard !layers.isEmpty else { return }
        var index: [LayerID: Int] = [:]
        for (i, l) in layers.enumerated() { index[l.id] = i }
        var children = [[Int]](repeating: [], count: layers.count)
        var roots: [Int] = []
        for (i, l) in layers.enumerated() {
            if let p = l.parent, let pi = index[p] { children[pi].append(i) } else { roots.append(i) }
        }
        let tree = Tree(layers: layers, children: children)
        cairo_save(cr)
        applyTextOptions(cr)
        for r in roots { drawLayer(r, tree, cr) }
        cairo_restore(cr)
    }

    /// Hinting off, so text has the same shapes and advances at every scale.
    static func applyTextOptions(_ cr: OpaquePointer) {
        let options = cairo_font_options_create()
        configureTextOptions(options)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    static func configureTextOptions(_ options: OpaquePointer?) {
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    }

    /// One layer and its subtree, in its parent's coordinates.
    static func drawLayer(_ i: Int, _ tree: Tree, _ cr: OpaquePointer) {
        let l = tree.layers[i]
        let opacity = l[.opacity]
        // A zero scale draws nothing, and cairo refuses a singular matrix.
        guard l[.hidden] == 0, opacity > 0, abs(l[.scaleX]) > 1e-9, abs(l[.scaleY]) > 1e-9 else { return }
        // rh.effects/1: a blur or an operator draws the layer apart first.
        guard l.effects.isNone else {
            drawWithEffects(l.effects, cr) { rc in drawLayerItself(i, tree, rc) }
            return
        }
        drawLayerItself(i, tree, cr)
    }

    /// The layer as the core draws it: opacity, shadow, transform, mask, content, children.
    static func drawLayerItself(_ i: Int, _ tree: Tree, _ cr: OpaquePointer) {
        let l = tree.layers[i]
        let opacity = l[.opacity]
        let mask = maskIndex(of: i, tree)
        let kids = tree.children[i].filter { $0 != mask }
        let shadow = shadow(of: l)
        // A translucent layer whose parts overlap (children, a fill under a
        // stroke, a shadow under the layer, a mask over it) is drawn opaque
        // into a group that is then blended once, as Core Animation does; a
        // single shape just takes the alpha.
        let overlaps = !kids.isEmpty || (paintsFill(l) && paintsStroke(l)) || shadow != nil || mask != nil
        let grouped = opacity < 1 && overlaps
        let alpha = grouped ? 1 : opacity

        cairo_save(cr)
        if grouped { cairo_push_group(cr) }
        if let shadow {
            // The shadow from the body drawn onto its own raster; the body
            // itself drawn again, on the canvas.
            drawShadow(shadow, cr) { rc in
                if transform(l, rc) { drawBody(i, mask: mask, kids: kids, tree, alpha: alpha, rc) }
            }
        }
        if transform(l, cr) {
            drawBody(i, mask: mask, kids: kids, tree, alpha: alpha, cr)
        }
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, opacity)
        }
        cairo_restore(cr)
    }

    /// From the parent's coordinates to the layer's local ones; false (and
    /// nothing changed) when the layer is scaled to nothing.
    @discardableResult
    static func transform(_ l: LayerSnapshot, _ cr: OpaquePointer) -> Bool {
        let sx = l[.scaleX], sy = l[.scaleY]
        guard abs(sx) > 1e-9, abs(sy) > 1e-9 else { return false }
        cairo_translate(cr, l[.positionX] + l[.translationX], l[.positionY] + l[.translationY])
        if l[.rotation] != 0 { cairo_rotate(cr, l[.rotation]) }
        if sx != 1 || sy != 1 { cairo_scale(cr, sx, sy) }
        cairo_translate(cr, -l[.anchorX] * l[.width], -l[.anchorY] * l[.height])
        return true
    }

    /// The layer's content and children, through its mask if it has one.
    static func drawBody(_ i: Int, mask: Int?, kids: [Int], _ tree: Tree, alpha: Double, _ cr: OpaquePointer) {
        if let mask {
            drawMasked(i, mask: mask, kids: kids, tree, alpha: alpha, cr)
        } else {
            drawContentAndChildren(tree.layers[i], kids: kids, tree, alpha: alpha, cr)
        }
    }

    static func drawContentAndChildren(_ l: LayerSnapshot, kids: [Int], _ tree: Tree, alpha: Double,
                                       _ cr: OpaquePointer) {
        // A child's operator (rh.effects/1) acts on this layer's drawing only.
        let isolated = isolatesChildren(kids, tree)
        if isolated && isVector(cr) {
            drawIsolated(kids, tree, cr) { rc in drawContentAndChildren(l, kids: kids, tree, alpha: alpha, isolated: true, rc) }
            return
        }
        drawContentAndChildren(l, kids: kids, tree, alpha: alpha, isolated: isolated, cr)
    }

    private static func drawContentAndChildren(_ l: LayerSnapshot, kids: [Int], _ tree: Tree, alpha: Double,
                                               isolated: Bool, _ cr: OpaquePointer) {
        if isolated { cairo_push_group(cr) }
        drawContent(l, alpha: alpha, cr)
        if !kids.isEmpty {
            if l[.clipsToBounds] != 0 {
                roundedRect(cr, width: l[.width], height: l[.height], radius: l[.cornerRadius])
                cairo_clip(cr)
            }
            for k in kids { drawLayer(k, tree, cr) }
        }
        if isolated {
            cairo_pop_group_to_source(cr)
            cairo_paint(cr)
        }
    }

    // Which kinds draw a fill or a stroke is LayerKind's to say (the host
    // warns with RH_WARN_NO_EFFECT where they do not).
    static func paintsFill(_ l: LayerSnapshot) -> Bool {
        (l.gradient != nil || l.fill.a > 0) && l.kind.draws(ColorProperty.fill)
    }

    static func paintsStroke(_ l: LayerSnapshot) -> Bool {
        l.stroke.a > 0 && l[.lineWidth] > 0 && l.kind.draws(ColorProperty.stroke)
    }

    private static func drawContent(_ l: LayerSnapshot, alpha: Double, _ cr: OpaquePointer) {
        let fill = paintsFill(l), stroke = paintsStroke(l)
        switch l.kind {
        case .group:
            return
        case .image:
            drawImage(l, alpha: alpha, cr)
            return
        case .text:
            if fill || stroke, let text = l.text, !text.isEmpty {
                drawText(text, l, fill: fill, stroke: stroke, alpha: alpha, cr)
            }
            return
        case .rect, .ellipse, .path:
            guard fill || stroke, appendShape(l, cr) else { return }
        }
        if fill {
            if let g = l.gradient { setGradientSource(cr, g, width: l[.width], height: l[.height], alpha) } else { setSource(cr, l.fill, alpha) }
            cairo_set_fill_rule(cr, fillRule(l))
            if stroke { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
        }
        if stroke { strokeCurrentPath(l, alpha: alpha, cr) }
        cairo_new_path(cr)
    }

    /// The outline of a RECT (rounded), ELLIPSE or PATH as the current path;
    /// false for an empty one or a kind with no shape.
    static func appendShape(_ l: LayerSnapshot, _ cr: OpaquePointer) -> Bool {
        let w = l[.width], h = l[.height]
        switch l.kind {
        case .rect:
            guard w > 0, h > 0 else { return false }
            roundedRect(cr, width: w, height: h, radius: l[.cornerRadius])
        case .ellipse:
            guard w > 0, h > 0 else { return false }
            // From 3 o'clock, clockwise on screen, as CGPath draws an ellipse
            // (where a trimmed stroke starts).
            cairo_new_path(cr)
            cairo_save(cr)
            cairo_translate(cr, w / 2, h / 2)
            cairo_scale(cr, w / 2, h / 2)
            cairo_new_sub_path(cr)
            cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
            cairo_close_path(cr)
            cairo_restore(cr)  // the stroke width stays in the layer's units
        case .path:
            guard !l.path.isEmpty else { return false }
            appendPath(l.path, cr)
        case .group, .text, .image:
            return false
        }
        return true
    }

    /// The elements as cairo path operations. cairo's arc already raises an
    /// end angle below the start by 2*pi and joins it to the current point,
    /// exactly as the header specifies (arc_negative lowers it). The engine
    /// refuses paths beyond its limits, but snapshots may come from elsewhere
    /// (a worker process), so the drawing bounds its own work too: at most
    /// PathElement.maxCount elements, out-of-range ones skipped, long arcs shortened.
    static func appendPath(_ path: [PathElement], _ cr: OpaquePointer) {
        cairo_new_path(cr)
        for original in path.prefix(PathElement.maxCount) {
            guard original.isWithinLimits else { continue }
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

    /// The bounds as a path, with corners of `radius` (at most half the
    /// shorter side), from the top edge's start clockwise, as CGPath draws a
    /// rectangle (where a trimmed stroke starts).
    static func roundedRect(_ cr: OpaquePointer, width w: Double, height h: Double, radius: Double) {
        cairo_new_path(cr)
        let r = min(max(radius, 0), min(w, h) / 2)
        guard r > 0 else {
            cairo_rectangle(cr, 0, 0, w, h)
            return
        }
        let pi = Double.pi
        cairo_move_to(cr, r, 0)
        cairo_arc(cr, w - r, r, r, -pi / 2, 0)
        cairo_arc(cr, w - r, h - r, r, 0, pi / 2)
        cairo_arc(cr, r, h - r, r, pi / 2, pi)
        cairo_arc(cr, r, r, r, pi, 3 * pi / 2)
        cairo_close_path(cr)
    }

    /// A cairo pattern in the layer's local coordinates, as CAGradientLayer
    /// maps its unit points onto the bounds. Linear: along start -> end.
    /// Radial: from the start out to the ellipse centred there with half-axes
    /// |end - start| x bounds, drawn as a unit circle through the pattern's
    /// matrix. The pattern locks to the user space current now, so the path
    /// filled next is painted through it; cairo's PAD extend holds the end
    /// colours beyond the end stops.
    static func setGradientSource(_ cr: OpaquePointer, _ g: Gradient, width w: Double, height h: Double,
                                  _ alpha: Double) {
        // A shadow's raster wants coverage only: a gradient of one alpha
        // throughout covers as a solid colour does, at a fraction of the cost.
        if isAlphaOnly(cr), let a = g.stops.first?.color.a, g.stops.allSatisfy({ $0.color.a == a }) {
            setSource(cr, RGBA(0, 0, 0, a), alpha)
            return
        }
        let pattern: OpaquePointer?
        switch g.kind {
        case .linear:
            pattern = cairo_pattern_create_linear(g.startX * w, g.startY * h, g.endX * w, g.endY * h)
        case .radial:
            let ax = abs(g.endX - g.startX) * w, ay = abs(g.endY - g.startY) * h
            guard ax > 1e-9, ay > 1e-9, ax.isFinite, ay.isFinite else {
                // No ellipse to grow in: everything is outside it (last colour).
                setSource(cr, g.stops.last?.color ?? .clear, alpha)
                return
            }
            pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)
            var m = cairo_matrix_t()
            cairo_matrix_init_scale(&m, 1 / ax, 1 / ay)
            cairo_matrix_translate(&m, -g.startX * w, -g.startY * h)
            cairo_pattern_set_matrix(pattern, &m)
        }
        guard let pattern else { return }
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
