import CCairo
import CFontconfig
import RefreshLayers
import Synchronization

/// Text layers (ABI 1.2 fonts): one line centred in the bounds, filled in the
/// fill colour, outlined in the stroke colour.
extension Rasterizer {
    /// One line centred in the bounds: horizontally by its advance,
    /// vertically by the font's ascent and descent (as a label centres its
    /// line box), so a line does not jump as its glyphs change.
    static func drawText(_ text: String, _ l: LayerSnapshot, fill: Bool, stroke: Bool, alpha: Double,
                         _ cr: OpaquePointer) {
        let spec = l.font ?? FontSpec()
        if let face = FontFaces.shared.face(family: spec.family, weight: spec.resolvedWeight(boldFlag: l[.fontWeight]),
                                            italic: spec.italic) {
            cairo_set_font_face(cr, face)
            cairo_font_face_destroy(face)  // the context holds its own reference
        } else {
            cairo_select_font_face(cr, FontSpec.defaultFamily, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        }
        cairo_set_font_size(cr, l[.fontSize])
        var font = cairo_font_extents_t()
        cairo_font_extents(cr, &font)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        let x = (l[.width] - extents.x_advance) / 2
        let y = (l[.height] - (font.ascent + font.descent)) / 2 + font.ascent
        if fill {
            setSource(cr, l.fill, alpha)
            cairo_move_to(cr, x, y)
            cairo_show_text(cr, text)
        }
        if stroke {
            cairo_new_path(cr)
            cairo_move_to(cr, x, y)
            cairo_text_path(cr, text)
            strokeCurrentPath(l, alpha: alpha, cr)
        }
        cairo_new_path(cr)
    }
}

/// cairo font faces matched by fontconfig, cached by (family, weight,
/// italic): matching costs far more than a frame's drawing. Renders run on
/// several threads at once (the gallery), hence the lock.
final class FontFaces: Sendable {
    static let shared = FontFaces()

    private struct Key: Hashable {
        var family: String
        var weight: Int
        var italic: Bool
    }

    /// A cairo font face is reference counted with atomic counts and
    /// immutable once made, so one may be shared between threads.
    private struct Face: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// Families a plugin names are unbounded; past this many the cache starts over.
    private static let capacity = 64
    private let faces = Mutex<[Key: Face]>([:])

    /// A face for the family (RH_FONT_DEFAULT_FAMILY when none is installed
    /// by that name), the nearest installed CSS weight and the slant. The
    /// caller owns the returned reference (cairo_font_face_destroy).
    func face(family: String, weight: Double, italic: Bool) -> OpaquePointer? {
        let key = Key(family: family, weight: Int(weight.isFinite ? min(max(weight, 1), 1000) : 400), italic: italic)
        return faces.withLock { cache -> OpaquePointer? in
            if let hit = cache[key] { return cairo_font_face_reference(hit.pointer) }
            guard let made = Self.match(key) else { return nil }
            if cache.count >= Self.capacity {
                for face in cache.values { cairo_font_face_destroy(face.pointer) }
                cache.removeAll()
            }
            cache[key] = Face(pointer: made)
            return cairo_font_face_reference(made)
        }
    }

    /// Whether fontconfig knows the family (or it is a CSS generic family).
    static func isInstalled(_ family: String) -> Bool {
        rh_font_family_installed(family)
    }

    private static func match(_ key: Key) -> OpaquePointer? {
        let family = isInstalled(key.family) ? key.family : FontSpec.defaultFamily
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                FcPatternAddString(pattern, FC_FAMILY, $0)
            }
        }
        FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(Double(key.weight)))
        FcPatternAddInteger(pattern, FC_SLANT, key.italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        // The renderer's options (no hinting, grey antialiasing) go into the
        // pattern first, so the system's configuration cannot override them.
        let options = cairo_font_options_create()
        Rasterizer.configureTextOptions(options)
        cairo_ft_font_options_substitute(options, pattern)
        cairo_font_options_destroy(options)
        guard FcConfigSubstitute(nil, pattern, FcMatchPattern) != 0 else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        guard let face = cairo_ft_font_face_create_for_pattern(matched) else { return nil }
        guard cairo_font_face_status(face) == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(face)
            return nil
        }
        return face
    }
}
