import CCairo
import RefreshLayers

/// Masks (ABI 1.2): a direct child of the layer, not drawn as a child, that
/// decides where the layer's content and other children show.
extension Rasterizer {
    /// The index of the layer's mask among its children, nil when it has none
    /// (or names a layer that is not a direct child: a snapshot from elsewhere).
    static func maskIndex(of i: Int, _ tree: Tree) -> Int? {
        guard let mask = tree.layers[i].mask else { return nil }
        return tree.children[i].first { tree.layers[$0].id == mask.layer }
    }

    /// The layer's content and children through its mask, in its local coordinates.
    static func drawMasked(_ i: Int, mask m: Int, kids: [Int], _ tree: Tree, alpha: Double, _ cr: OpaquePointer) {
        let l = tree.layers[i]
        switch l.mask?.mode ?? .alpha {
        case .path:
            // The mask's shape in its own transform, as a clip.
            cairo_save(cr)
            clip(toShapeOf: tree.layers[m], cr)
            drawContentAndChildren(l, kids: kids, tree, alpha: alpha, cr)
            cairo_restore(cr)
        case .alpha:
            // The mask subtree recorded (in device space), the content drawn
            // to a group clipped to the mask's ink (a group the size of the
            // canvas would cost more than the drawing), then painted through
            // the mask's alpha; its colours do not matter.
            var mask = record(like: cr) { rc in drawLayer(m, tree, rc) }
            defer { cairo_surface_destroy(mask) }
            var ink = (x: 0.0, y: 0.0, w: 0.0, h: 0.0)
            cairo_recording_surface_ink_extents(mask, &ink.x, &ink.y, &ink.w, &ink.h)
            guard ink.w > 0, ink.h > 0 else { return }
            // cairo 1.16's SVG surface writes an unbounded recording used as a
            // mask with a clip-path it never defines (Chromium then drops the
            // masked layer at random): on a vector page the mask is recorded
            // again, bounded by its ink.
            var origin = (x: 0.0, y: 0.0)
            if isVector(cr) {
                origin = (ink.x.rounded(.down), ink.y.rounded(.down))
                let bounds = cairo_rectangle_t(x: origin.x, y: origin.y, width: (ink.x + ink.w).rounded(.up) - origin.x,
                                               height: (ink.y + ink.h).rounded(.up) - origin.y)
                cairo_surface_destroy(mask)
                mask = record(like: cr, bounds: bounds) { rc in drawLayer(m, tree, rc) }
            }
            var matrix = cairo_matrix_t()
            cairo_get_matrix(cr, &matrix)
            cairo_identity_matrix(cr)
            cairo_new_path(cr)
            cairo_rectangle(cr, ink.x.rounded(.down), ink.y.rounded(.down),
                            (ink.x + ink.w).rounded(.up) - ink.x.rounded(.down), (ink.y + ink.h).rounded(.up) - ink.y.rounded(.down))
            cairo_set_matrix(cr, &matrix)
            cairo_clip(cr)
            cairo_push_group(cr)
            drawContentAndChildren(l, kids: kids, tree, alpha: alpha, cr)
            cairo_pop_group_to_source(cr)
            cairo_identity_matrix(cr)
            cairo_mask_surface(cr, mask, origin.x, origin.y)
            cairo_set_matrix(cr, &matrix)
        }
    }

    /// Whether `cr` draws onto a vector page (SVG, PDF, PostScript).
    static func isVector(_ cr: OpaquePointer) -> Bool {
        [CAIRO_SURFACE_TYPE_SVG, CAIRO_SURFACE_TYPE_PDF, CAIRO_SURFACE_TYPE_PS]
            .contains(cairo_surface_get_type(cairo_get_target(cr)))
    }

    /// Clips to a PATH mask's shape (RECT with its corner radius, ELLIPSE,
    /// PATH by its fill rule); its colours, children and opacity do not
    /// count. A hidden mask, or one with no shape, shows nothing.
    static func clip(toShapeOf mask: LayerSnapshot, _ cr: OpaquePointer) {
        cairo_new_path(cr)
        if mask[.hidden] == 0 {
            cairo_save(cr)
            if transform(mask, cr) { _ = appendShape(mask, cr) }
            cairo_restore(cr)  // the path stays where it was built
        }
        cairo_set_fill_rule(cr, fillRule(mask))
        cairo_clip(cr)
    }
}
