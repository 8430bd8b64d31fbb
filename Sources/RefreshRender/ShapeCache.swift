import CCairo
import RefreshLayers

/// The coverage of shapes that did not change since the last frame, kept as
/// A8 masks: a renderer that draws frame after frame (FrameRenderer) paints an
/// unchanged shape's mask in its colour instead of filling or stroking its
/// path again. cairo's scan conversion is most of a shape's cost (a stroked
/// ring 120 px across: 47 us, its mask painted: 6 us), and a style's still
/// parts (a track, a disc) stay the same for many frames. A shape is cached
/// the second frame in a row it is the same (so one that changes every frame
/// never pays for a mask), under its layer and whether it is the fill or the
/// stroke; the key is everything its coverage depends on, the device matrix
/// included (a new scale or position is a new shape). Entries a frame does not
/// use are dropped at its end (a removed layer's go with it).
/// Painting a mask rounds as cairo_mask does, not as cairo_fill does: a
/// channel can differ by 1 (of 255) from drawing the path, in about 1 byte in
/// 10,000.
final class ShapeCache {
    /// What a shape's coverage depends on.
    struct Key: Equatable {
        var kind: LayerKind
        var path: [PathElement]
        /// width, height, cornerRadius, fillRule (fill) or lineWidth, lineCap, lineJoin, miterLimit (stroke).
        var numbers: [Double]
        var stroke: Bool
        var matrix: [Double]
    }

    struct Slot: Hashable {
        var layer: LayerID
        var stroke: Bool
    }

    final class Entry {
        let key: Key
        /// nil until the key is seen twice in a row.
        var mask: OpaquePointer?
        var x = 0, y = 0
        var used = true
        init(key: Key) { self.key = key }
        deinit { if let mask { cairo_surface_destroy(mask) } }
    }

    /// The most mask pixels kept (8 MB of A8).
    static let maxPixels = 8 << 20

    private(set) var entries: [Slot: Entry] = [:]
    private var pixels = 0
    /// Masks made and masks painted, for tests and the bench.
    private(set) var built = 0, hits = 0

    /// Drops what the frame just drawn did not use.
    func endFrame() {
        for (slot, e) in entries where !e.used {
            if let mask = e.mask { pixels -= Int(cairo_image_surface_get_width(mask) * cairo_image_surface_get_height(mask)) }
            entries[slot] = nil
        }
        for e in entries.values { e.used = false }
    }

    /// Paints the shape's fill or stroke from its cached mask, in the current
    /// source, when it is cached (true); else remembers it (false: draw it).
    /// `cr` holds the shape's path in user space.
    func paint(_ l: LayerSnapshot, stroke: Bool, _ cr: OpaquePointer) -> Bool {
        let key = Self.key(l, stroke: stroke, cr)
        let slot = Slot(layer: l.id, stroke: stroke)
        guard let e = entries[slot], e.key == key else {
            if let old = entries[slot]?.mask { pixels -= Int(cairo_image_surface_get_width(old) * cairo_image_surface_get_height(old)) }
            entries[slot] = Entry(key: key)
            return false
        }
        e.used = true
        if e.mask == nil, !build(e, l, cr) { return false }
        guard let mask = e.mask else { return false }
        hits += 1
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_mask_surface(cr, mask, Double(e.x), Double(e.y))
        cairo_restore(cr)
        return true
    }

    /// The shape's coverage over its device extents (cr's current path), at full alpha.
    private func build(_ e: Entry, _ l: LayerSnapshot, _ cr: OpaquePointer) -> Bool {
        var b = (x1: 0.0, y1: 0.0, x2: 0.0, y2: 0.0)
        if e.key.stroke { cairo_stroke_extents(cr, &b.x1, &b.y1, &b.x2, &b.y2) } else { cairo_fill_extents(cr, &b.x1, &b.y1, &b.x2, &b.y2) }
        guard b.x2 > b.x1, b.y2 > b.y1 else { return false }
        var xs = [b.x1, b.x2, b.x1, b.x2], ys = [b.y1, b.y1, b.y2, b.y2]
        for i in 0..<4 {
            var (x, y) = (xs[i], ys[i])
            cairo_user_to_device(cr, &x, &y)
            (xs[i], ys[i]) = (x, y)
        }
        // A pixel of margin: antialiasing reaches into the pixels the outline touches.
        let x0 = (xs.min()! - 1).rounded(.down), y0 = (ys.min()! - 1).rounded(.down)
        let x1 = (xs.max()! + 1).rounded(.up), y1 = (ys.max()! + 1).rounded(.up)
        guard x0.isFinite, y0.isFinite, x1 - x0 <= 8192, y1 - y0 <= 8192, abs(x0) < 1e6, abs(y0) < 1e6 else { return false }
        let w = Int(x1 - x0), h = Int(y1 - y0)
        guard w > 0, h > 0, pixels + w * h <= Self.maxPixels else { return false }
        let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h))!
        guard cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(mask)
            return false
        }
        let mc = cairo_create(mask)!
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        m.x0 -= x0
        m.y0 -= y0
        cairo_set_matrix(mc, &m)
        let path = cairo_copy_path(cr)
        cairo_append_path(mc, path)
        cairo_path_destroy(path)
        cairo_set_tolerance(mc, cairo_get_tolerance(cr))
        cairo_set_antialias(mc, cairo_get_antialias(cr))
        if e.key.stroke {
            cairo_set_line_width(mc, cairo_get_line_width(cr))
            cairo_set_line_cap(mc, cairo_get_line_cap(cr))
            cairo_set_line_join(mc, cairo_get_line_join(cr))
            cairo_set_miter_limit(mc, cairo_get_miter_limit(cr))
            cairo_stroke(mc)
        } else {
            cairo_set_fill_rule(mc, cairo_get_fill_rule(cr))
            cairo_fill(mc)
        }
        cairo_destroy(mc)
        cairo_surface_flush(mask)
        e.mask = mask
        e.x = Int(x0)
        e.y = Int(y0)
        pixels += w * h
        built += 1
        return true
    }

    static func key(_ l: LayerSnapshot, stroke: Bool, _ cr: OpaquePointer) -> Key {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let numbers = stroke ? [l[.width], l[.height], l[.cornerRadius], l[.lineWidth], l[.lineCap], l[.lineJoin], l[.miterLimit]]
                             : [l[.width], l[.height], l[.cornerRadius], l[.fillRule]]
        return Key(kind: l.kind, path: l.kind == .path ? l.path : [], numbers: numbers, stroke: stroke,
                   matrix: [m.xx, m.yx, m.xy, m.yy, m.x0, m.y0])
    }

    /// Whether `cr` draws straight onto an image surface of its own (not a
    /// group, a recording, a shadow's raster or a vector page), where a mask
    /// painted at device pixels lands where the path would.
    static func applies(to cr: OpaquePointer) -> Bool {
        let target = cairo_get_target(cr)
        return cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE && cairo_get_group_target(cr) == target
            && !Rasterizer.isAlphaOnly(cr)
    }
}
