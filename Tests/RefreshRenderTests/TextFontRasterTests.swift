import CCairo
import RefreshLayers
import RefreshRender
import Testing

/// Fonts through fontconfig (family, CSS weight, italic), the default family
/// in place of one not installed, and the text stroke, against cairo drawing
/// the same line with its toy font API (which asks fontconfig for the same
/// font): the same glyphs at the same place, 2 levels of a channel.
@Suite struct TextFontRasterTests {
    func scene(_ font: FontSpec?, text: String = "Refresh", stroke: RGBA = .clear, width: Double = 0) throws -> RasterScene {
        let s = try RasterScene()
        let layer = try s.layer(.text, 0, 20, 100, 40, fill: RGBA(0, 0, 0), stroke: stroke)
        try s.tree.setText(text, on: layer)
        try s.tree.set(.fontSize, 20, on: layer)
        try s.tree.set(.lineWidth, width, on: layer)
        if let font { try s.tree.setFont(font, on: layer) }
        return s
    }

    /// The line as cairo's toy API draws it, centred as the renderer centres it.
    func reference(family: String, slant: cairo_font_slant_t = CAIRO_FONT_SLANT_NORMAL,
                   weight: cairo_font_weight_t = CAIRO_FONT_WEIGHT_NORMAL, text: String = "Refresh",
                   fill: Bool = true, stroke: (width: Double, colour: RGBA)? = nil) -> Bitmap {
        Raster.reference { cr in
            let options = cairo_font_options_create()
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_set_font_options(cr, options)
            cairo_font_options_destroy(options)
            cairo_translate(cr, 0, 20)
            cairo_select_font_face(cr, family, slant, weight)
            cairo_set_font_size(cr, 20)
            var font = cairo_font_extents_t()
            cairo_font_extents(cr, &font)
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, text, &extents)
            let x = (100 - extents.x_advance) / 2, y = (40 - (font.ascent + font.descent)) / 2 + font.ascent
            if fill {
                cairo_set_source_rgb(cr, 0, 0, 0)
                cairo_move_to(cr, x, y)
                cairo_show_text(cr, text)
            }
            if let stroke {
                cairo_new_path(cr)
                cairo_move_to(cr, x, y)
                cairo_text_path(cr, text)
                cairo_set_source_rgba(cr, stroke.colour.r, stroke.colour.g, stroke.colour.b, stroke.colour.a)
                cairo_set_line_width(cr, stroke.width)
                cairo_stroke(cr)
            }
        }
    }

    @Test func theDefaultIsDejaVuSans() throws {
        let image = try scene(nil).render()
        #expect(Raster.maxDifference(image, reference(family: "DejaVu Sans")) <= 2)
        #expect(Raster.maxDifference(image, reference(family: "DejaVu Serif")) > 64, "a serif face would differ")
    }

    @Test func familyWeightAndItalicChooseTheFont() throws {
        let serifBoldItalic = try scene(FontSpec(family: "DejaVu Serif", weight: 700, italic: true)).render()
        #expect(Raster.maxDifference(serifBoldItalic, reference(family: "DejaVu Serif", slant: CAIRO_FONT_SLANT_ITALIC,
                                                                weight: CAIRO_FONT_WEIGHT_BOLD)) <= 2)
        // Weight 0 follows the fontWeight flag.
        let s = try scene(FontSpec(family: "DejaVu Sans Mono"))
        try s.tree.set(.fontWeight, 1, on: s.tree.children(of: s.root)[0])
        #expect(Raster.maxDifference(s.render(), reference(family: "DejaVu Sans Mono", weight: CAIRO_FONT_WEIGHT_BOLD)) <= 2)
    }

    @Test func aFamilyThatIsNotInstalledIsDrawnInTheDefault() throws {
        let image = try scene(FontSpec(family: "No Such Family 12345")).render()
        #expect(Raster.maxDifference(image, reference(family: "DejaVu Sans")) <= 2)
    }

    @Test func theStrokeOutlinesTheGlyphsAtTheLineWidth() throws {
        let red = RGBA(1, 0, 0)
        let image = try scene(nil, stroke: red, width: 1.5).render()
        #expect(Raster.maxDifference(image, reference(family: "DejaVu Sans", stroke: (1.5, red))) <= 2)
        // Stroke alone, no fill: a clear fill colour.
        let s = try scene(nil, stroke: red, width: 1.5)
        try s.tree.setColor(.fill, .clear, on: s.tree.children(of: s.root)[0])
        #expect(Raster.maxDifference(s.render(), reference(family: "DejaVu Sans", fill: false, stroke: (1.5, red))) <= 2)
    }
}
