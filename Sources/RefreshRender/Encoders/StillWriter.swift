import CCairo
import RefreshOutput
import RefreshHostController
import RefreshLayers

#if canImport(Glibc)
import Glibc
#endif

/// One frame to a file: PNG through cairo's PNG writer, SVG through cairo's
/// SVG surface (vectors; text as glyph outlines).
public enum StillWriter {
    /// The renderer's pixels after rendering `controller`, as a PNG, written
    /// beside `path` and renamed into place.
    public static func writePNG(_ controller: RefreshController, renderer: FrameRenderer, to path: String) throws {
        try writePNG(layers: controller.tree.snapshot(root: controller.root), pull: controller.pullDistance,
                     list: controller.listPlacement, renderer: renderer, to: path)
    }

    /// The renderer's pixels for a snapshot (first layer: the header's root) and a pull, as a PNG,
    /// written beside `path` and renamed into place.
    public static func writePNG(layers: [LayerSnapshot], pull: Double, list: ListPlacement? = nil,
                                renderer: FrameRenderer, to path: String) throws {
        // cairo writes the kept surface itself: no copy of its pixels.
        renderer.draw(layers: layers, pull: pull, list: list)
        try atomically(path) { temporary in
            errno = 0
            let status = cairo_surface_write_to_png(renderer.cairoSurface, temporary)
            guard status == CAIRO_STATUS_SUCCESS else { throw writeError(path, status) }
        }
    }

    /// cairo says only "error while writing to output stream"; the C library's
    /// errno says why (a full disk, a closed pipe), so the line names that.
    static func writeError(_ path: String, _ status: cairo_status_t) -> RenderError {
        let cause = status == CAIRO_STATUS_WRITE_ERROR && errno != 0
            ? String(cString: strerror(errno)) : String(cString: cairo_status_to_string(status))
        return RenderError("\(path): cannot write: \(cause)")
    }

    /// AtomicFile.write, its own errors as RenderError (one line naming `path`).
    static func atomically(_ path: String, _ body: (String) throws -> Void) throws {
        do { try AtomicFile.write(to: path, body) } catch let error as OutputError { throw RenderError(error.message) }
    }

    /// The phone as vectors, one user unit per point. cairo numbers glyphs
    /// and clips per document and writes no dates; `stableSVG` renumbers the
    /// ids that come from a process-wide counter, so the same frame always
    /// gives the same file.
    public static func writeSVG(_ controller: RefreshController, scene: PhoneScene, to path: String) throws {
        try writeSVG(layers: controller.tree.snapshot(root: controller.root), pull: controller.pullDistance,
                     list: controller.listPlacement, scene: scene, to: path)
    }

    /// The phone for a snapshot and a pull, as vectors.
    public static func writeSVG(layers: [LayerSnapshot], pull: Double, list: ListPlacement? = nil, scene: PhoneScene,
                                to path: String) throws {
        try atomically(path) { temporary in
            errno = 0
            let surface = cairo_svg_surface_create(temporary, scene.width, scene.height)!
            cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
            cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
            let cr = cairo_create(surface)!
            // Blurs (rh.effects/1) and shadows as SVG filters: see SVGFilters.
            let filters = SVGFilters()
            filters.attached(to: surface) {
                // A hairline is half a point: one pixel on a 2x screen.
                scene.draw(layers: layers, pull: pull, in: cr, hairline: 0.5, list: list)
            }
            let status = cairo_status(cr)
            cairo_destroy(cr)
            cairo_surface_finish(surface)
            let surfaceStatus = cairo_surface_status(surface)
            cairo_surface_destroy(surface)
            guard status == CAIRO_STATUS_SUCCESS, surfaceStatus == CAIRO_STATUS_SUCCESS else {
                throw writeError(path, status != CAIRO_STATUS_SUCCESS ? status : surfaceStatus)
            }
            // cairo's SVG, read back and rewritten stable, in the same temporary.
            guard let bytes = readFile(temporary) else {
                throw RenderError("\(path): cannot write: \(String(cString: strerror(errno)))")
            }
            let filtered = filters.filters.isEmpty ? bytes
                : Array(filters.rewrite(String(decoding: bytes, as: UTF8.self), width: scene.width, height: scene.height).utf8)
            try writeFile(temporary, stableSVG(filtered), label: path)
        }
    }

    /// cairo names a group's surface after a process-wide counter
    /// (`id="surface27"`), so the same frame drawn later in a process would
    /// differ. Renumbers every `surfaceN` in order of first appearance.
    static func stableSVG(_ bytes: [UInt8]) -> [UInt8] {
        let word = Array("surface".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var numbers: [[UInt8]: Int] = [:]
        var i = 0
        while i < bytes.count {
            if bytes[i] == word[0], i + word.count < bytes.count, Array(bytes[i..<i + word.count]) == word {
                var j = i + word.count
                while j < bytes.count, bytes[j] >= 48, bytes[j] <= 57 { j += 1 }
                if j > i + word.count {
                    let key = Array(bytes[i + word.count..<j])
                    let n = numbers[key] ?? numbers.count + 1
                    numbers[key] = n
                    out += word + Array(String(n).utf8)
                    i = j
                    continue
                }
            }
            out.append(bytes[i])
            i += 1
        }
        return out
    }

    static func readFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            bytes += chunk[0..<n]
            if n < chunk.count { break }
        }
        return ferror(file) == 0 ? bytes : nil
    }

    /// Writes `bytes` to `path` in place (a temporary); errors name `label`.
    static func writeFile(_ path: String, _ bytes: [UInt8], label: String) throws {
        guard let file = fopen(path, "wb") else {
            throw RenderError("\(label): cannot write: \(String(cString: strerror(errno)))")
        }
        let written = fwrite(bytes, 1, bytes.count, file)
        let closed = fclose(file)
        guard written == bytes.count, closed == 0 else { throw RenderError("\(label): cannot write: disk full?") }
    }
}
