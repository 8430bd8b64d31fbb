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
            // Both drawn to groups; the mask's alpha (its colours do not
            // matter) lets the content through.
            cairo_push_group(cr)
            drawContentAndChildren(l, kids: kids, tree, alpha: alpha, cr)
            let content = cairo_pop_group(cr)
            cairo_push_group(cr)
            drawLayer(m, tree, cr)
            let mask = cairo_pop_group(cr)
            cairo_set_source(cr, content)
            cairo_mask(cr, mask)
            cairo_pattern_destroy(mask)
            cairo_pattern_destroy(content)
        }
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
