import CCairo
import RefreshLayers
import RefreshRender

/// A layer tree for the 1.2 raster suites: layers placed by their top-left
/// corner (anchor 0, 0) in a 100 x 100 point canvas.
struct RasterScene {
    let tree = LayerTree(timeline: Timeline())
    let root: LayerID

    init() throws {
        root = try tree.createLayer(kind: .group, parent: nil)
        for (p, v) in [(LayerProperty.anchorX, 0.0), (.anchorY, 0), (.width, 100), (.height, 100)] {
            try tree.set(p, v, on: root)
        }
    }

    @discardableResult
    func layer(_ kind: LayerKind, in parent: LayerID? = nil, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
               fill: RGBA = .clear, stroke: RGBA = .clear) throws -> LayerID {
        let id = try tree.createLayer(kind: kind, parent: parent ?? root)
        for (p, v) in [(LayerProperty.anchorX, 0.0), (.anchorY, 0), (.positionX, x), (.positionY, y),
                       (.width, w), (.height, h)] {
            try tree.set(p, v, on: id)
        }
        try tree.setColor(.fill, fill, on: id)
        try tree.setColor(.stroke, stroke, on: id)
        return id
    }

    /// rh.effects/1's compositing operator on `id` (the property holds the operator's raw value).
    func compose(_ op: CompositeOperator, on id: LayerID) throws {
        try tree.set(.compositeOperator, Double(op.rawValue), on: id)
    }

    var snapshot: [LayerSnapshot] { tree.snapshot(root: root) }

    /// The renderer's picture: white canvas, the list pushed below it.
    func render(scale: Double = 2) -> Bitmap { Raster.render(snapshot, scale: scale) }
}

enum Raster {
    static func render(_ layers: [LayerSnapshot], scale: Double = 2) -> Bitmap {
        FrameRenderer(viewportWidth: 100, viewportHeight: 100, scale: scale).render(layers: layers, pull: 100)
    }

    /// A reference drawn with cairo calls alone: white 100 x 100 points at
    /// `scale`, `draw` in points.
    static func reference(scale: Double = 2, _ draw: (OpaquePointer) -> Void) -> Bitmap {
        let side = Int(100 * scale)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(side), Int32(side))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, scale, scale)
        draw(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let bytes = Array(UnsafeBufferPointer(start: cairo_image_surface_get_data(surface)!, count: stride * side))
        return Bitmap(width: side, height: side, stride: stride, bytes: bytes)
    }

    /// The largest difference of one channel (premultiplied bytes) between two pictures of one size.
    static func maxDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width * 4 {
                worst = max(worst, abs(Int(a.bytes[y * a.stride + x]) - Int(b.bytes[y * b.stride + x])))
            }
        }
        return worst
    }

    /// How many pixels differ from white by more than `tolerance` in some channel.
    static func inkCount(_ b: Bitmap, tolerance: Int = 16) -> Int {
        var n = 0
        for y in 0..<b.height {
            for x in 0..<b.width {
                let p = b.pixel(x: x, y: y)
                if 255 - Int(p.r) > tolerance || 255 - Int(p.g) > tolerance || 255 - Int(p.b) > tolerance { n += 1 }
            }
        }
        return n
    }

    /// Writes a picture as a PNG (to look at a failure).
    static func writePNG(_ b: Bitmap, _ path: String) {
        var bytes = b.bytes
        bytes.withUnsafeMutableBufferPointer { buffer in
            let s = cairo_image_surface_create_for_data(buffer.baseAddress, CAIRO_FORMAT_ARGB32, Int32(b.width),
                                                        Int32(b.height), Int32(b.stride))!
            cairo_surface_write_to_png(s, path)
            cairo_surface_destroy(s)
        }
    }
}
