import CCairo
import RefreshEmbedABI
import RefreshRender

/// The header of a view's current frame, drawn with the renderer `render`
/// uses, into the application's cairo context or pixels.
enum Drawing {
    static func draw(_ view: EmbedView, into cr: OpaquePointer) {
        guard let layers = view.layersForDrawing() else { return }
        let settings = view.options.settings
        HeaderDrawing(width: settings.width, height: settings.height)
            .draw(layers, list: view.frame.list, rect: FrameOut.headerRect(view), in: cr)
    }

    /// The caller's premultiplied ARGB32 pixels as a cairo surface for the call, `scale` pixels a point.
    static func draw(_ view: EmbedView, pixels: UnsafeMutablePointer<UInt8>, width: Int32, height: Int32, stride: Int32,
                     scale: Double) throws(EmbedError) {
        guard let surface = cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, width, height, stride) else {
            throw EmbedError(RHE_ERR_INTERNAL, "cairo could not wrap the buffer")
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw EmbedError(RHE_ERR_INTERNAL, "cairo refused the buffer: \(String(cString: cairo_status_to_string(cairo_surface_status(surface))))")
        }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_scale(cr, scale, scale)
        draw(view, into: cr)
        cairo_surface_flush(surface)
    }
}
