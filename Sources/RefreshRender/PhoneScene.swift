import CCairo
import RefreshHostController
import RefreshLayers

/// What a phone shows for one moment: the style's header (its layer tree,
/// root at the controller's header position) and the list below it, whose
/// top sits at the pull distance (rubber band, inset and bounce included).
///
/// The list is drawn over the header, as a table view covers a refresh
/// control inserted behind its rows: with the background presentation the
/// list uncovers the header; with slide-down the header sits right above it.
///
/// The revealed area between the top of the screen and the list takes the
/// header root's fill colour wherever the header itself does not reach (when
/// pulled past the height with a top or middle anchor, say). The iOS
/// originals show the table's white there; a user expects the header's
/// colour to continue, as apps get by colouring the scroll view's background.
public struct PhoneScene {
    public var width: Double
    public var height: Double
    public var list = ListRows()
    /// What shows where nothing else is drawn: the table's white (black in dark mode).
    public var backdrop = RGBA.white

    public init(width: Double, height: Double, appearance: PhoneAppearance = .light) {
        self.width = width
        self.height = height
        list = appearance.list
        backdrop = appearance.backdrop
    }

    /// One frame of the controller's current state, in points, in the context's current coordinates.
    public func draw(_ controller: RefreshController, in cr: OpaquePointer, hairline: Double) {
        draw(layers: controller.tree.snapshot(root: controller.root), pull: controller.pullDistance, in: cr,
             hairline: hairline, list: controller.listPlacement)
    }

    /// One frame from a snapshot whose first layer is the header's root.
    /// `hairline` is one device pixel in points: the list's top snaps to it.
    /// `list` says where the list is (nil: moved by the pull, under the
    /// header's cover): the front presentation keeps it still and draws the
    /// header over it; android-stretch stretches it from its top edge.
    public func draw(layers: [LayerSnapshot], pull: Double, in cr: OpaquePointer, hairline: Double,
                     list placement: ListPlacement? = nil) {
        let placement = placement ?? ListPlacement(offset: pull)
        cairo_save(cr)
        cairo_rectangle(cr, 0, 0, width, height)
        cairo_clip(cr)
        cairo_set_source_rgba(cr, backdrop.r, backdrop.g, backdrop.b, backdrop.a)
        cairo_paint(cr)
        // The list sits on whole device pixels, as UIKit draws a scrolled view,
        // so its text and hairlines stay crisp whatever the pull.
        let offset = placement.offset
        let top = hairline > 0 ? (offset / hairline).rounded() * hairline : offset
        if placement.fromBottom {
            drawFooter(layers, moved: top, placement: placement, hairline: hairline, cr)
        } else if placement.headerInFront {
            drawList(top: top, stretch: placement.stretch, hairline: hairline, cr)
            Rasterizer.draw(layers, in: cr)
        } else {
            if let root = layers.first, top > 0 { extendRootFill(root, pull: top, cr) }
            Rasterizer.draw(layers, in: cr)
            drawList(top: top, stretch: placement.stretch, hairline: hairline, cr)
        }
        cairo_restore(cr)
    }

    private func drawList(top: Double, stretch: Double, hairline: Double, _ cr: OpaquePointer) {
        guard stretch > 0 else {
            list.draw(in: cr, top: top, width: width, bottom: height, hairline: hairline)
            return
        }
        cairo_save(cr)
        cairo_translate(cr, 0, top)
        cairo_scale(cr, 1, 1 + stretch)
        list.draw(in: cr, top: 0, width: width, bottom: (height - top) / (1 + stretch), hairline: hairline)
        cairo_restore(cr)
    }

    /// Where the root's one fill colour covers the screen, top to bottom;
    /// nil when there is none to extend (hidden, clear, not a rect, a gradient).
    static func fillSpan(of root: LayerSnapshot) -> (top: Double, bottom: Double)? {
        guard root[.hidden] == 0, root.fill.a * root[.opacity] > 0, root.kind == .rect, root.gradient == nil else {
            return nil
        }
        let scaleY = root[.scaleY]
        let top = root[.positionY] + root[.translationY] - root[.anchorY] * root[.height] * scaleY
        return (top, top + root[.height] * scaleY)
    }

    /// Paints the root's fill over the revealed strip [0, pull], except where
    /// the root itself is (so a translucent fill is not laid on twice). A root
    /// painted with a gradient has no one colour to extend, so it is left alone.
    func extendRootFill(_ root: LayerSnapshot, pull: Double, _ cr: OpaquePointer) {
        guard let (top, bottom) = Self.fillSpan(of: root) else { return }
        let strip = min(pull, height)
        Rasterizer.setSource(cr, root.fill, root[.opacity])
        if top > 0 { cairo_rectangle(cr, 0, 0, width, min(top, strip)) }
        if bottom < strip { cairo_rectangle(cr, 0, max(bottom, 0), width, strip - max(bottom, 0)) }
        cairo_fill(cr)
    }
}
