import Foundation
@testable import RefreshPluginRuntime
import RefreshDiscovery
import RefreshLayers
import RefreshTestSupport
import Testing

/// ABI 1.5's scale variants: image_load("assets/dot.png") reads dot.png,
/// dot@2x.png or dot@3x.png for the output's scale, and the image carries
/// that scale; a name with a scale, and a 1.4 plugin, read exactly the file.
/// Each file is its own colour and size, so the pixels say which was read.
@Suite(.serialized) struct ImageVariantTests {
    static let red: UInt32 = 0xFFFF_0000, green: UInt32 = 0xFF00_FF00, blue: UInt32 = 0xFF00_00FF

    /// A style folder with dot.png (4 x 4 red) and the variants asked for (@2x 8 x 8 green, @3x 12 x 12 blue).
    func folder(_ dir: TemporaryDirectory, variants: [Int], minor: Int? = nil) throws -> String {
        let style = dir.path + "/plugins/Variants"
        try FileManager.default.createDirectory(atPath: style + "/assets", withIntermediateDirectories: true)
        _ = try Fixture.build("img_variants", into: style, extraFlags: minor.map { ["-DFIXTURE_ABI_MINOR=\($0)"] } ?? [])
        try ImageAssetTests.writePNG(style + "/assets/dot.png", width: 4, height: 4, words: [Self.red])
        if variants.contains(2) { try ImageAssetTests.writePNG(style + "/assets/dot@2x.png", width: 8, height: 8, words: [Self.green]) }
        if variants.contains(3) { try ImageAssetTests.writePNG(style + "/assets/dot@3x.png", width: 12, height: 12, words: [Self.blue]) }
        return dir.path + "/plugins"
    }

    /// The two images the fixture shows: from "assets/dot.png", then from "assets/dot@2x.png".
    func images(variants: [Int], scale: Double, minor: Int? = nil) throws -> (plain: RasterImage, named: RasterImage?) {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let s = try Session("test.fixture.img_variants", directories: [SearchDirectory(try folder(dir, variants: variants, minor: minor), .option)],
                            pixelScale: scale)
        defer { s.close() }
        let shown = s.snapshot().compactMap(\.image)
        let plain = try #require(shown.first)
        return (plain, shown.dropFirst().first)
    }

    func colour(_ image: RasterImage) -> UInt32 {
        image.pixels.withUnsafeBytes { $0.load(as: UInt32.self) }
    }

    @Test("the smallest variant at least the output's scale, else the largest; the image carries its scale",
          arguments: [(1.0, [2, 3], 1.0), (1.5, [2, 3], 2.0), (2.0, [2, 3], 2.0), (2.5, [2, 3], 3.0), (3.0, [2, 3], 3.0),
                      (3.0, [2], 2.0), (16.0, [2, 3], 3.0), (0.5, [2, 3], 1.0), (2.0, [], 1.0), (2.0, [3], 3.0)])
    func picks(scale: Double, variants: [Int], read: Double) throws {
        let (plain, named) = try images(variants: variants, scale: scale)
        #expect(plain.scale == read)
        let expected: (Int, UInt32) = read == 1 ? (4, Self.red) : read == 2 ? (8, Self.green) : (12, Self.blue)
        #expect(plain.width == expected.0 && colour(plain) == expected.1, "read \(plain.width) px, colour \(String(colour(plain), radix: 16))")
        // The same size in points whichever file was read: 4 points.
        #expect(Double(plain.width) / plain.scale == 4)
        if variants.contains(2) {
            // A name that says its scale is read as it is, at scale 1.
            let named = try #require(named)
            #expect(named.width == 8 && named.scale == 1 && colour(named) == Self.green)
        }
    }

    @Test("a plugin declaring 1.4 reads exactly the file it names, whatever the output's scale")
    func frozen() throws {
        let (plain, named) = try images(variants: [2, 3], scale: 3, minor: 4)
        #expect(plain.width == 4 && plain.scale == 1 && colour(plain) == Self.red)
        #expect(named?.width == 8 && named?.scale == 1)
    }

    @Test("variant names: the scale goes before the extension of the last part; a name with a scale has no variants")
    func names() {
        #expect(ScaleVariant.name("assets/dot.png", scale: 2) == "assets/dot@2x.png")
        #expect(ScaleVariant.name("a.b/dot", scale: 3) == "a.b/dot@3x")
        #expect(ScaleVariant.name("dot.tar.png", scale: 2) == "dot.tar@2x.png")
        #expect(ScaleVariant.name("assets/dot@2x.png", scale: 3) == nil)
        #expect(ScaleVariant.name("assets/dot.png", scale: 1) == "assets/dot.png")
    }
}
