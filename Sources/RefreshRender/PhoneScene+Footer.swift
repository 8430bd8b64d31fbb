import CCairo
import RefreshHostController
import RefreshLayers

/// A footer (ABI 1.3's bottom edge): the end of the list shows, its bottom
/// edge `moved` points above the screen's, and the style's root sits below
/// it, where the controller put it. The same three presentations as a
/// header's, upside down; text stays the right way up.
extension PhoneScene {
    /// The rows the footer's list has, so its last ones ("Nineteen", "Twenty") show.
    static let footerRows = 20

    func drawFooter(_ layers: [LayerSnapshot], moved: Double, placement: ListPlacement, hairline: Double,
                    _ cr: OpaquePointer) {
        let listBottom = height - moved
        if placement.headerInFront {
            drawListEnd(bottom: listBottom, stretch: placement.stretch, hairline: hairline, cr)
            Rasterizer.draw(layers, in: cr)
        } else {
            if let root = layers.first, moved > 0 { extendRootFillUp(root, from: listBottom, cr) }
            Rasterizer.draw(layers, in: cr)
            drawListEnd(bottom: listBottom, stretch: placement.stretch, hairline: hairline, cr)
        }
    }

    /// The list's last rows, ending at `bottom`; a stretch pulls it up from the screen's bottom.
    private func drawListEnd(bottom: Double, stretch: Double, hairline: Double, _ cr: OpaquePointer) {
        let length = Double(Self.footerRows) * list.rowHeight
        cairo_save(cr)
        if stretch > 0 {
            cairo_translate(cr, 0, bottom)
            cairo_scale(cr, 1, 1 + stretch)
            list.draw(in: cr, top: -length, width: width, bottom: 0, hairline: hairline)
        } else {
            list.draw(in: cr, top: bottom - length, width: width, bottom: bottom, hairline: hairline)
        }
        cairo_restore(cr)
    }

    /// The root's fill over the revealed strip [from, height] where the root
    /// itself does not reach, as `extendRootFill` does at the top.
    func extendRootFillUp(_ root: LayerSnapshot, from stripTop: Double, _ cr: OpaquePointer) {
        guard let (top, bottom) = Self.fillSpan(of: root) else { return }
        let strip = max(stripTop, 0)
        Rasterizer.setSource(cr, root.fill, root[.opacity])
        if top > strip { cairo_rectangle(cr, 0, strip, width, top - strip) }
        if bottom < height { cairo_rectangle(cr, 0, max(bottom, strip), width, height - max(bottom, strip)) }
        cairo_fill(cr)
    }
}
