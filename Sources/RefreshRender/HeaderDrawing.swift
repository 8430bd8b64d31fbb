import CCairo
import RefreshHostController
import RefreshLayers

/// The header alone, for an application that draws its own list
/// (librefreshhost): where on the view the header shows, and the header drawn
/// there as PhoneScene draws it (the root's fill carried over the revealed
/// strip), clipped to that rectangle, in the caller's cairo context.
public struct HeaderDrawing {
    /// The view's size in points.
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The rectangle (view points) the header covers: the strip the content
    /// uncovered, or, for the front presentation, the root's own frame
    /// (`headerTop`, `rootHeight` tall), both cut to the view.
    public func rect(list: ListPlacement, headerTop: Double, rootHeight: Double) -> (x: Double, y: Double, width: Double, height: Double) {
        if list.headerInFront {
            let top = max(0, headerTop), bottom = min(height, headerTop + rootHeight)
            return bottom > top ? (0, top, width, bottom - top) : (0, max(0, min(height, headerTop)), width, 0)
        }
        let strip = max(0, min(list.offset, height))
        return (0, list.fromBottom ? height - strip : 0, width, strip)
    }

    /// Draws `layers` (the header's root first) into `cr`, whose user space
    /// is the view's points, inside `rect` only; cr's state is restored.
    public func draw(_ layers: [LayerSnapshot], list: ListPlacement, rect: (x: Double, y: Double, width: Double, height: Double),
                     in cr: OpaquePointer) {
        guard rect.width > 0, rect.height > 0, !layers.isEmpty else { return }
        cairo_save(cr)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cr)
        if !list.headerInFront, let root = layers.first {
            let scene = PhoneScene(width: width, height: height)
            if list.fromBottom {
                scene.extendRootFillUp(root, from: height - rect.height, cr)
            } else {
                scene.extendRootFill(root, pull: rect.height, cr)
            }
        }
        Rasterizer.draw(layers, in: cr)
        cairo_restore(cr)
    }
}
