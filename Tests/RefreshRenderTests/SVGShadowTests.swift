import Foundation
import RefreshLayers
import RefreshRender
import Testing

/// Shadows in an SVG: the page's own filter (SVGFilters), not an embedded
/// picture of the blurred shadow: the layer's alpha blurred by the shadow's
/// sigma (radius / 2), moved by its offset and flooded with its colour at its
/// opacity, under the layer's vectors; checked by its elements, and by
/// headless Chromium's picture of the file against the renderer's PNG.
@Suite struct SVGShadowTests {
    func scene(radius: Double) throws -> RasterScene {
        let s = try RasterScene()
        let rect = try s.layer(.rect, 30, 30, 40, 30, fill: RGBA(0, 0, 1))
        try s.tree.set(.shadowOpacity, 0.5, on: rect)
        try s.tree.set(.shadowRadius, radius, on: rect)
        try s.tree.set(.shadowOffsetX, 6, on: rect)
        try s.tree.set(.shadowOffsetY, 8, on: rect)
        try s.tree.setColor(.shadow, RGBA(1, 0, 0), on: rect)
        return s
    }

    func svg(_ s: RasterScene, in folder: TemporaryDirectory) throws -> String {
        try StillWriter.writeSVG(layers: s.snapshot, pull: 100, scene: PhoneScene(width: 100, height: 100),
                                 to: folder.path + "/frame.svg")
        return try String(contentsOfFile: folder.path + "/frame.svg", encoding: .utf8)
    }

    @Test("a shadow is a filter of the layer's alpha: blurred by radius / 2, offset, in its colour and opacity; no picture")
    func shadowIsAFilter() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let blurred = try svg(try scene(radius: 6), in: folder)
        #expect(blurred.contains("<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"3.000000\"/>"), "\(blurred)")
        #expect(blurred.contains("<feOffset dx=\"6.000000\" dy=\"8.000000\" result=\"shadow\"/>"))
        #expect(blurred.contains("<feFlood flood-color=\"rgb(255,0,0)\" flood-opacity=\"0.500000\"/>"))
        #expect(blurred.contains("filter=\"url(#rh-shadow-0)\""))
        #expect(!blurred.contains("<image"), "the shadow is no longer an embedded picture")
        #expect(!blurred.contains("fill-opacity:0.98"), "the marker's mask is gone")
        // Radius 0: a hard shadow, the alpha moved, no blur.
        let hard = try svg(try scene(radius: 0), in: folder)
        #expect(hard.contains("<feOffset in=\"SourceAlpha\" dx=\"6.000000\" dy=\"8.000000\" result=\"shadow\"/>"), "\(hard)")
        #expect(!hard.contains("feGaussianBlur") && !hard.contains("<image"))
    }

    /// Chromium's picture of the SVG against the renderer's PNG, with the
    /// effects export's bounds (97% of pixels within 16 levels, mean under 3).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium"), "chromium is not installed"),
          arguments: [0.0, 6.0])
    func svgShadowInChromium(radius: Double) throws {
        let s = try scene(radius: radius)
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        _ = try svg(s, in: folder)
        let image = Raster.render(s.snapshot)
        let shot = try SVGInChromium.expectAgreement(in: folder.path, with: image)
        // Where the shadow alone shows (below the rectangle, inside the offset): red at about half.
        let under = image.pixel(x: 2 * 50, y: 2 * 64), there = shot[2 * 50, 2 * 64]
        #expect(abs(Int(there >> 16 & 255) - Int(under.r)) <= 16 && Int(there & 255) < 200 && (there >> 16 & 255) > 200,
                "png \(under), svg \(String(there, radix: 16))")
    }
}
