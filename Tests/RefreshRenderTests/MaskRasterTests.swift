import CCairo
import RefreshLayers
import RefreshRender
import Testing

/// Masks against the same cairo operations drawn directly (a clip; two
/// groups and cairo_mask): identical operations, 2 levels of a channel.
@Suite struct MaskRasterTests {
    let red = RGBA(1, 0, 0)

    @Test func aPathMaskClipsToTheMaskLayersShapeInItsOwnTransform() throws {
        let s = try RasterScene()
        let rect = try s.layer(.rect, 10, 10, 80, 80, fill: red)
        let child = try s.layer(.rect, in: rect, 0, 0, 40, 80, fill: RGBA(0, 0, 1))
        let mask = try s.layer(.ellipse, in: rect, 40, 40, 60, 40, fill: RGBA(0, 1, 0))
        try s.tree.set(.anchorX, 0.5, on: mask)
        try s.tree.set(.anchorY, 0.5, on: mask)
        try s.tree.set(.rotation, Double.pi / 2, on: mask)
        try s.tree.setMask(LayerMask(layer: mask, mode: .path), on: rect)
        _ = child
        let reference = Raster.reference { cr in
            cairo_save(cr)
            cairo_translate(cr, 50, 50)
            cairo_rotate(cr, Double.pi / 2)
            cairo_scale(cr, 30, 20)
            cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
            cairo_close_path(cr)
            cairo_restore(cr)
            cairo_clip(cr)
            cairo_set_source_rgb(cr, 1, 0, 0)
            cairo_rectangle(cr, 10, 10, 80, 80)
            cairo_fill(cr)
            cairo_set_source_rgb(cr, 0, 0, 1)
            cairo_rectangle(cr, 10, 10, 40, 80)
            cairo_fill(cr)
        }
        let image = s.render()
        #expect(Raster.maxDifference(image, reference) <= 2)
        #expect(!image.contains(Colour(0, 255, 0), x: 0...99, y: 0...99, tolerance: 40), "the mask itself is not drawn")
    }

    @Test func anAlphaMaskLetsTheLayerShowByTheMasksAlpha() throws {
        let s = try RasterScene()
        let rect = try s.layer(.rect, 10, 10, 80, 80, fill: red)
        let mask = try s.layer(.rect, in: rect, 0, 0, 80, 80)
        // Its colours do not matter, its alpha does: clear at the left, opaque at the right.
        try s.tree.setGradient(Gradient(startX: 0, startY: 0.5, endX: 1, endY: 0.5,
                                        stops: [.init(0, RGBA(0, 1, 0, 0)), .init(1, RGBA(0, 1, 0, 1))]), on: mask)
        try s.tree.setMask(LayerMask(layer: mask, mode: .alpha), on: rect)
        let reference = Raster.reference { cr in
            cairo_push_group(cr)
            cairo_set_source_rgb(cr, 1, 0, 0)
            cairo_rectangle(cr, 10, 10, 80, 80)
            cairo_fill(cr)
            let content = cairo_pop_group(cr)
            cairo_push_group(cr)
            let g = cairo_pattern_create_linear(10, 0, 90, 0)!
            cairo_pattern_add_color_stop_rgba(g, 0, 0, 1, 0, 0)
            cairo_pattern_add_color_stop_rgba(g, 1, 0, 1, 0, 1)
            cairo_set_source(cr, g)
            cairo_rectangle(cr, 10, 10, 80, 80)
            cairo_fill(cr)
            cairo_pattern_destroy(g)
            let mask = cairo_pop_group(cr)
            cairo_set_source(cr, content)
            cairo_mask(cr, mask)
            cairo_pattern_destroy(mask)
            cairo_pattern_destroy(content)
        }
        let image = s.render()
        #expect(Raster.maxDifference(image, reference) <= 2)
        #expect(image.colour(atPoint: 12, 50).isClose(to: .white, 16))
        #expect(image.colour(atPoint: 88, 50).isClose(to: Colour(255, 0, 0), 16))
    }

    @Test func aHiddenMaskShowsNothingAndRemovingTheMaskDrawsItAsAChildAgain() throws {
        let s = try RasterScene()
        let rect = try s.layer(.rect, 10, 10, 80, 80, fill: red)
        let mask = try s.layer(.ellipse, in: rect, 0, 0, 80, 80, fill: RGBA(0, 0, 1))
        for mode in [MaskMode.alpha, .path] {
            try s.tree.setMask(LayerMask(layer: mask, mode: mode), on: rect)
            try s.tree.set(.hidden, 1, on: mask)
            #expect(Raster.inkCount(s.render()) == 0, "\(mode)")
            try s.tree.set(.hidden, 0, on: mask)
            #expect(s.render().colour(atPoint: 50, 50) == Colour(255, 0, 0), "\(mode)")
            #expect(s.render().colour(atPoint: 12, 12) == .white, "\(mode): outside the ellipse")
        }
        try s.tree.setMask(nil, on: rect)
        #expect(s.render().colour(atPoint: 50, 50) == Colour(0, 0, 255))
        #expect(s.render().colour(atPoint: 12, 12) == Colour(255, 0, 0))
    }

    @Test func aSnapshotNamingALayerThatIsNotAChildIgnoresTheMask() throws {
        let s = try RasterScene()
        let rect = try s.layer(.rect, 10, 10, 80, 80, fill: red)
        let other = try s.layer(.ellipse, 0, 0, 10, 10, fill: RGBA(0, 0, 1))
        var layers = s.snapshot
        let i = layers.firstIndex { $0.id == rect }!
        layers[i].mask = LayerMask(layer: other, mode: .path)
        #expect(Raster.render(layers).colour(atPoint: 50, 50) == Colour(255, 0, 0))
        layers[i].mask = LayerMask(layer: 9999, mode: .alpha)
        #expect(Raster.render(layers).colour(atPoint: 50, 50) == Colour(255, 0, 0))
    }
}
