import CCairo
import Foundation
import RefreshLayers
import RefreshRender
import Testing

/// FrameRenderer.withFrame lends the kept surface's pixels instead of copying
/// them (a caller that reads them before the next frame); they are the
/// pixels `render` copies, and an animation written from lent pixels is the
/// file written from copies.
@Suite struct FrameBorrowTests {
    func scene() throws -> RasterScene {
        let s = try RasterScene()
        try s.layer(.ellipse, 20, 20, 60, 40, fill: RGBA(0.2, 0.6, 0.9))
        try s.layer(.rect, 40, 30, 30, 50, fill: RGBA(0.9, 0.3, 0.1, 0.5))
        return s
    }

    @Test func lentPixelsAreTheSurfaceNotACopyAndEqualRendersCopy() throws {
        let s = try scene()
        let renderer = FrameRenderer(viewportWidth: 100, viewportHeight: 100, scale: 2)
        let copied = renderer.render(layers: s.snapshot, pull: 100)
        let surface = cairo_image_surface_get_data(renderer.cairoSurface)
        let (lent, address) = renderer.withFrame(layers: s.snapshot, pull: 100) { ($0.copy, $0.bytes.baseAddress) }
        #expect(address == UnsafePointer(surface), "the view is the surface's own memory")
        #expect(lent == copied, "the same pixels")
        #expect(copied.bytes.withUnsafeBufferPointer { $0.baseAddress } != address, "render still copies")
    }

    @Test(arguments: [ExportFormat.gif, .webp])
    func anAnimationFromLentPixelsIsTheOneFromCopies(format: ExportFormat) throws {
        let s = try scene()
        let renderer = FrameRenderer(viewportWidth: 100, viewportHeight: 100, scale: 1)
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        func write(_ name: String, lend: Bool) throws -> [UInt8] {
            let path = folder.path + "/" + name
            let writer: AnimationWriter = format == .gif
                ? try GIFEncoder(path: path, width: renderer.pixelWidth, height: renderer.pixelHeight)
                : try WebPEncoder(path: path, width: renderer.pixelWidth, height: renderer.pixelHeight)
            for (k, pull) in [40.0, 70, 100].enumerated() {
                let (from, until) = (Double(k) / 10, Double(k + 1) / 10)
                if lend {
                    try renderer.withFrame(layers: s.snapshot, pull: pull) { try writer.add($0, from: from, until: until) }
                } else {
                    try writer.add(renderer.render(layers: s.snapshot, pull: pull), from: from, until: until)
                }
            }
            try writer.finish()
            return try #require(FileManager.default.contents(atPath: path).map { [UInt8]($0) })
        }
        #expect(try write("lent", lend: true) == write("copied", lend: false))
    }
}
