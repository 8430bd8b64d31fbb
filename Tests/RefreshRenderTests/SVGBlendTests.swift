import Foundation
import RefreshLayers
import RefreshRender
import RefreshTestSupport
import Testing

/// rh.effects/1's add operator on an SVG page as a CSS blend mode
/// (`mix-blend-mode:plus-lighter`, the parent's group isolated), so the layer
/// stays vectors; operators with no CSS equivalent stay an embedded picture.
/// Checked by headless Chromium's picture of the file against the renderer's PNG.
@Suite struct SVGBlendTests {
    /// A blue sibling under a group whose children add: without the group's
    /// isolation the sums would reach the blue and the white page under it.
    func addingScene() throws -> RasterScene {
        let s = try RasterScene()
        try s.layer(.rect, 0, 0, 45, 100, fill: RGBA(0, 0, 0.6))
        let group = try s.layer(.group, 0, 0, 100, 100)
        try s.layer(.rect, in: group, 10, 10, 50, 50, fill: RGBA(0.5, 0, 0))
        let sharp = try s.layer(.ellipse, in: group, 30, 30, 40, 40, fill: RGBA(0.25, 0.5, 0))
        try s.compose(.add, on: sharp)
        let soft = try s.layer(.rect, in: group, 50, 55, 35, 30, fill: RGBA(0, 0.3, 0.6))
        try s.compose(.add, on: soft)
        try s.tree.set(.blurRadius, 6, on: soft)
        try s.tree.set(.opacity, 0.7, on: soft)
        return s
    }

    func svg(of s: RasterScene, in folder: TemporaryDirectory) throws -> String {
        try StillWriter.writeSVG(layers: s.snapshot, pull: 100, scene: PhoneScene(width: 100, height: 100),
                                 to: folder.path + "/frame.svg")
        return try String(contentsOfFile: folder.path + "/frame.svg", encoding: .utf8)
    }

    @Test func anAddingLayerStaysVectorsWithABlendModeInAnIsolatedGroup() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let svg = try svg(of: addingScene(), in: folder)
        #expect(!svg.contains("<image"), "no picture of the group")
        #expect(svg.components(separatedBy: "style=\"mix-blend-mode:plus-lighter\"").count - 1 == 2)
        #expect(svg.components(separatedBy: "style=\"isolation:isolate\"").count - 1 == 1)
        #expect(svg.contains("<feGaussianBlur stdDeviation=\"3.000000\"/>"), "the blurred adder is still a filter")
        #expect(!svg.contains("fill-opacity:0.98"), "the markers' masks are gone")
        #expect(svg.components(separatedBy: "<path").count - 1 >= 4, "every shape is a path")
    }

    @Test func anOperatorWithNoCSSBlendModeKeepsItsParentAPicture() throws {
        let s = try addingScene()
        let parent = try s.layer(.group, 0, 0, 100, 100)
        try s.layer(.rect, in: parent, 60, 10, 30, 30, fill: RGBA(1, 0, 0))
        let hole = try s.layer(.ellipse, in: parent, 65, 15, 20, 20, fill: RGBA(1, 0, 0))
        try s.compose(.out, on: hole)
        let adder = try s.layer(.rect, in: parent, 70, 20, 25, 25, fill: RGBA(0, 0.5, 0))
        try s.compose(.add, on: adder)
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let svg = try svg(of: s, in: folder)
        #expect(svg.components(separatedBy: "<image").count - 1 == 1, "only the group with out is pixels")
        #expect(svg.components(separatedBy: "style=\"isolation:isolate\"").count - 1 == 1, "the adding group stays vectors")
    }

    /// Chromium's picture of the SVG against the renderer's PNG, with the
    /// shadow and blur SVG tests' bounds (97% of pixels within 16 levels, mean under 3;
    /// measured: 99.99% and 0.33).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium"), "chromium is not installed"))
    func addInChromiumIsThePNG() throws {
        let s = try addingScene()
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        _ = try svg(of: s, in: folder)
        let image = Raster.render(s.snapshot)
        let shot = try SVGInChromium.expectAgreement(in: folder.path, with: image)
        // The sum itself, where the sharp adder covers the red and not the blue.
        let p = shot[2 * 55, 2 * 40], c = image.colour(atPoint: 55, 40)
        #expect(abs(Int(p >> 16 & 255) - Int(c.r)) <= 4 && abs(Int(p >> 8 & 255) - Int(c.g)) <= 4, "\(String(p, radix: 16)) \(c)")
        #expect(c.isClose(to: Colour(191, 128, 0), 2), "red 0.5 + 0.25, green 0 + 0.5: \(c)")
    }
}
