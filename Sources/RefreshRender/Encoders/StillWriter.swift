import CCairo
import RefreshHostController

#if canImport(Glibc)
import Glibc
#endif

/// One frame to a file: PNG through cairo's PNG writer, SVG through cairo's
/// SVG surface (vectors; text as glyph outlines).
public enum StillWriter {
    /// The renderer's pixels after rendering `controller`, as a PNG.
    public static func writePNG(_ controller: RefreshController, renderer: FrameRenderer, to path: String) throws {
        _ = renderer.render(controller)
        try checkWritable(path)
        let status = cairo_surface_write_to_png(renderer.cairoSurface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("\(path): cannot write: \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// The phone as vectors, one user unit per point. cairo numbers its
    /// definitions (glyphs, clips, groups) per document, so the same frame
    /// gives the same file; see `stableSVG` for the few ids that come from
    /// process-wide counters.
    public static func writeSVG(_ controller: RefreshController, scene: PhoneScene, to path: String) throws {
        try checkWritable(path)
        let temporary = path + ".part"
        let surface = cairo_svg_surface_create(temporary, scene.width, scene.height)!
        cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
        let cr = cairo_create(surface)!
        // A hairline is half a point: one pixel on a 2x screen.
        scene.draw(controller, in: cr, hairline: 0.5)
        let status = cairo_status(cr)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        let surfaceStatus = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        guard status == CAIRO_STATUS_SUCCESS, surfaceStatus == CAIRO_STATUS_SUCCESS else {
            unlink(temporary)
            let s = status != CAIRO_STATUS_SUCCESS ? status : surfaceStatus
            throw RenderError("\(path): cannot write: \(String(cString: cairo_status_to_string(s)))")
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw RenderError("\(path): cannot write: \(String(cString: strerror(errno)))")
        }
    }

    /// Fails with one line when `path` cannot be created.
    static func checkWritable(_ path: String) throws {
        guard let file = fopen(path, "ab") else {
            throw RenderError("\(path): cannot write: \(String(cString: strerror(errno)))")
        }
        fclose(file)
    }
}
