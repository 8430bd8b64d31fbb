import CCairo
import RefreshLayers
import RefreshRender
import Testing

/// IMAGE layers: the fill behind, the image placed by contentsGravity, drawn
/// from the RasterImage's own pixels. Against cairo drawing the same pixels
/// from its own surface with the same placement and filter (2 levels).
@Suite struct ImageRasterTests {
    /// 4 x 2 pixels, opaque: red, green | blue, black on top; a translucent white row below.
    static let image: RasterImage = {
        let colours: [(UInt8, UInt8, UInt8, UInt8)] = [
            (255, 0, 0, 255), (255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255),
            (128, 128, 128, 128), (128, 128, 128, 128), (0, 0, 0, 255), (0, 0, 0, 255),
        ]
        // Premultiplied ARGB32 in memory order (little endian): B, G, R, A.
        return RasterImage(serial: 1, width: 4, height: 2, pixels: colours.flatMap { [$0.2, $0.1, $0.0, $0.3] })
    }()

    func scene(gravity: Double, scale: Double = 1, size: (Double, Double) = (80, 80), image: RasterImage = Self.image) throws
        -> [LayerSnapshot] {
        let s = try RasterScene()
        let layer = try s.layer(.image, 10, 10, size.0, size.1, fill: RGBA(1, 1, 0))
        try s.tree.set(.contentsGravity, gravity, on: layer)
        try s.tree.set(.contentsScale, scale, on: layer)
        var layers = s.snapshot
        layers[layers.firstIndex { $0.id == layer }!].image = image
        return layers
    }

    func reference(x: Double, y: Double, w: Double, h: Double, clip: Bool = false) -> Bitmap {
        Raster.reference { cr in
            cairo_set_source_rgb(cr, 1, 1, 0)
            cairo_rectangle(cr, 10, 10, 80, 80)
            cairo_fill(cr)
            if clip {
                cairo_rectangle(cr, 10, 10, 80, 80)
                cairo_clip(cr)
            }
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 4, 2)!
            let data = cairo_image_surface_get_data(surface)!
            for (i, b) in Self.image.pixels.enumerated() { data[(i / 16) * Int(cairo_image_surface_get_stride(surface)) + i % 16] = b }
            cairo_surface_mark_dirty(surface)
            cairo_translate(cr, x, y)
            cairo_scale(cr, w / 4, h / 2)
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_rectangle(cr, 0, 0, 4, 2)
            cairo_clip(cr)
            cairo_paint(cr)
            cairo_surface_destroy(surface)
        }
    }

    @Test func resizeStretchesToTheBounds() throws {
        let image = Raster.render(try scene(gravity: 0))
        #expect(Raster.maxDifference(image, reference(x: 10, y: 10, w: 80, h: 80)) <= 2)
        #expect(image.colour(atPoint: 12, 12) == Colour(255, 0, 0))
        #expect(image.colour(atPoint: 88, 12) == Colour(0, 0, 255))
        // Half-transparent grey over the yellow fill.
        #expect(image.colour(atPoint: 12, 88).isClose(to: Colour(255, 255, 128), 3), "\(image.colour(atPoint: 12, 88))")
    }

    @Test func aspectFitCentresTheWholeImage() throws {
        let image = Raster.render(try scene(gravity: 1))
        #expect(Raster.maxDifference(image, reference(x: 10, y: 30, w: 80, h: 40)) <= 2)
        #expect(image.colour(atPoint: 50, 20) == Colour(255, 255, 0), "the fill shows above the image")
    }

    @Test func aspectFillCoversTheBoundsAndIsCutThere() throws {
        let image = Raster.render(try scene(gravity: 2))
        #expect(Raster.maxDifference(image, reference(x: -30, y: 10, w: 160, h: 80, clip: true)) <= 2)
        #expect(image.colour(atPoint: 5, 20) == .white, "nothing outside the bounds")
    }

    @Test func centerShowsTheImageAtItsPointSizeByContentsScale() throws {
        // 4 x 2 pixels at 0.1 pixels a point: 40 x 20 points, centred.
        let image = Raster.render(try scene(gravity: 3, scale: 0.1))
        #expect(Raster.maxDifference(image, reference(x: 30, y: 40, w: 40, h: 20)) <= 2)
        #expect(image.colour(atPoint: 50, 35) == Colour(255, 255, 0))
    }

    @Test func aZeroSizedLayerOrAnEmptyBoundsDrawsNoImage() throws {
        for gravity in [0.0, 1, 2] {
            let layers = try scene(gravity: gravity, size: (0, 0))
            #expect(Raster.inkCount(Raster.render(layers)) == 0, "gravity \(gravity)")
        }
    }

    @Test func centerDividesByTheImagesOwnScaleToo() throws {
        // The same 4 x 2 pixels carrying scale 2 (an @2x variant) at contents scale 0.05: 4 / (0.05 x 2)
        // = 40 x 20 points, where they would be 80 x 40 at scale 1.
        let twice = RasterImage(serial: 2, samePixelsAs: Self.image, scale: 2)
        let image = Raster.render(try scene(gravity: 3, scale: 0.05, image: twice))
        #expect(Raster.maxDifference(image, reference(x: 30, y: 40, w: 40, h: 20)) <= 2)
        // The other gravities fit the bounds: the image's scale changes nothing there.
        for gravity in [0.0, 1, 2] {
            #expect(Raster.maxDifference(Raster.render(try scene(gravity: gravity, image: twice)),
                                         Raster.render(try scene(gravity: gravity))) == 0, "gravity \(gravity)")
        }
    }
}
