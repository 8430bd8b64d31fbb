import CCairo
import RefreshHostController
import RefreshLayers
import RefreshSession

/// Renders what a phone shows for a controller's state into pixels, at any
/// device scale. One image surface is kept and reused from frame to frame.
public final class FrameRenderer {
    public let viewportWidth: Double
    public let viewportHeight: Double
    public let scale: Double
    public let pixelWidth: Int
    public let pixelHeight: Int
    public var scene: PhoneScene
    private let surface: OpaquePointer

    /// viewport in points; scale = device pixels per point (any positive Double).
    public init(viewportWidth: Double, viewportHeight: Double, scale: Double, appearance: PhoneAppearance = .light) {
        precondition(viewportWidth > 0 && viewportHeight > 0 && scale > 0 && scale.isFinite,
                     "FrameRenderer: viewport and scale must be positive")
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.scale = scale
        pixelWidth = PixelBudget.pixels(viewportWidth, scale: scale)
        pixelHeight = PixelBudget.pixels(viewportHeight, scale: scale)
        scene = PhoneScene(width: viewportWidth, height: viewportHeight, appearance: appearance)
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
        precondition(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
                     "FrameRenderer: cannot make a \(pixelWidth) x \(pixelHeight) surface")
    }

    /// A renderer for a recording's viewport and scale.
    public convenience init(_ options: RecordingOptions, appearance: PhoneAppearance = .light) {
        self.init(viewportWidth: options.width, viewportHeight: options.height, scale: options.scale, appearance: appearance)
    }

    deinit { cairo_surface_destroy(surface) }

    /// What a phone shows for a session's frame (list + header), copied.
    public func render(_ frame: SessionFrame) -> Bitmap {
        render(layers: frame.layers, pull: frame.pull, list: frame.list)
    }

    /// What a phone shows for the controller's current state (list + header), copied.
    public func render(_ controller: RefreshController) -> Bitmap {
        draw(controller)
        return bitmap()
    }

    /// Same, from a snapshot (first layer: the header's root) and a pull distance.
    public func render(layers: [LayerSnapshot], pull: Double, list: ListPlacement? = nil) -> Bitmap {
        draw(layers: layers, pull: pull, list: list)
        return bitmap()
    }

    // A caller that reads a frame's pixels before it draws the next (an
    // encoder, a checksum) borrows them: copying the whole surface each frame
    // was most of the cost of drawing a small style (callgrind, 61%).

    /// Draws a session's frame and lends `body` its pixels, not copied (valid inside `body` only).
    public func withFrame<T>(_ frame: SessionFrame, _ body: (BitmapView) throws -> T) rethrows -> T {
        try withFrame(layers: frame.layers, pull: frame.pull, list: frame.list, body)
    }

    /// Draws the controller's current state and lends `body` its pixels, not copied.
    public func withFrame<T>(_ controller: RefreshController, _ body: (BitmapView) throws -> T) rethrows -> T {
        draw(controller)
        return try body(view())
    }

    /// Draws a snapshot and a pull and lends `body` their pixels, not copied.
    public func withFrame<T>(layers: [LayerSnapshot], pull: Double, list: ListPlacement? = nil,
                             _ body: (BitmapView) throws -> T) rethrows -> T {
        draw(layers: layers, pull: pull, list: list)
        return try body(view())
    }

    /// Draws the controller's state on the kept surface.
    func draw(_ controller: RefreshController) {
        draw { cr in scene.draw(controller, in: cr, hairline: 1 / scale) }
    }

    /// Draws a snapshot and a pull on the kept surface.
    func draw(layers: [LayerSnapshot], pull: Double, list: ListPlacement?) {
        draw { cr in scene.draw(layers: layers, pull: pull, in: cr, hairline: 1 / scale, list: list) }
    }

    /// Whether the scene's backdrop, opaque and exactly the surface's size,
    /// repaints every pixel first: then clearing the last frame is wasted work
    /// (a whole-surface fill per frame).
    private var backdropCoversSurface: Bool {
        scene.backdrop.a >= 1 && scene.width == viewportWidth && scene.height == viewportHeight
            && Double(pixelWidth) == viewportWidth * scale && Double(pixelHeight) == viewportHeight * scale
    }

    /// Draws on the kept surface, scaled to points; cairo errors stop here.
    func draw(_ body: (OpaquePointer) -> Void) {
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        if !backdropCoversSurface {
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            cairo_paint(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        }
        cairo_scale(cr, scale, scale)
        body(cr)
        let status = cairo_status(cr)
        precondition(status == CAIRO_STATUS_SUCCESS, "cairo: \(String(cString: cairo_status_to_string(status)))")
        cairo_surface_flush(surface)
    }

    /// The surface's pixels, copied.
    func bitmap() -> Bitmap { view().copy }

    /// The surface's pixels, lent: the next draw changes them.
    private func view() -> BitmapView {
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        return BitmapView(width: pixelWidth, height: pixelHeight, stride: stride,
                          bytes: UnsafeBufferPointer(start: data, count: stride * pixelHeight))
    }

    /// The kept surface (valid until the renderer goes), e.g. for cairo_surface_write_to_png.
    public var cairoSurface: OpaquePointer { surface }
}
