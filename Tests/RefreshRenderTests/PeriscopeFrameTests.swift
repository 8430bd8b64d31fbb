import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import RefreshSession
import RefreshLayers
import RefreshRender
import Testing

/// Periscope drawn by the real C plugin through the real renderer, on a
/// 375 x 300 phone at 2x: the bar, the title, and the faint gradient stripes.
@Suite struct PeriscopeFrameTests {
    static let bar = Colour(hex: 0x14C2D5)

    /// Sum of the channels: lower is darker.
    func darkness(_ image: Bitmap, _ x: Double, _ y: Double) -> Int {
        let c = image.colour(atPoint: x, y)
        return c.r + c.g + c.b
    }

    @Test func whileRefreshingTheBarShowsTheTitleAndStripesDarkAtATilesBottomOnly() throws {
        let periscope = try StyleRecording("periscope")
        // Half way through cycle 1 the band has slid 50 pt, one tile: the
        // stripes are where they started. In the band's first row the tile
        // at x = 0 has its stripe 5-20 pt from its left at y = 45 (near the
        // tile's bottom) and 45-60 pt at y = 5 (near its top).
        let (image, _, top) = try periscope.frame(.cycle(1))
        #expect(top == 0)
        #expect(image.colour(atPoint: 37.5, 45).isClose(to: Self.bar, 2), "between stripes: \(image.colour(atPoint: 37.5, 45))")
        #expect(image.contains(.white, x: 150...225, y: 28...42, tolerance: 8), "the white title")
        let bottomStep = darkness(image, 37.5, 45) - darkness(image, 12.5, 45)
        let topStep = darkness(image, 77.5, 5) - darkness(image, 52.5, 5)
        // 3.6% black over #14C2D5 takes about 15 off the channel sum.
        #expect(bottomStep >= 8, "stripe near the tile's bottom is darker by \(bottomStep)")
        #expect(topStep <= 2, "stripe near the tile's top is darker by only \(topStep)")
        // The next tile's stripe, 50 pt further right.
        #expect(darkness(image, 87.5, 45) - darkness(image, 62.5, 45) >= 8)
    }

    @Test func beforeTheReleaseThereAreNoStripesAndTheReleaseLabelShows() throws {
        let periscope = try StyleRecording("periscope")
        let (image, pull, _) = try periscope.frame(.threshold)
        #expect(abs(pull - 70) < 1e-6)
        for x in stride(from: 2.5, through: 120, by: 5) {
            #expect(image.colour(atPoint: x, 45).isClose(to: Self.bar, 1), "at x \(x): \(image.colour(atPoint: x, 45))")
        }
        #expect(image.contains(.white, x: 110...265, y: 28...42, tolerance: 8), "Release to Refresh")
    }

    /// The slide is seamless because a pass is exactly two tiles: the band
    /// drawn at -100 (and at -50) is pixel for pixel the band at 0; at -25 it
    /// is not.
    @Test func theBandLooksTheSameAfterAPass() throws {
        let periscope = try StyleRecording("periscope")
        let release = try #require(try periscope.moments().release)
        let frame = try periscope.recording.frame(at: release + 1)
        let (layers, pull) = (frame.layers, frame.pull)
        let band = try #require(layers.firstIndex { $0.kind == .group })
        func drawn(at tx: Double) -> Bitmap {
            var moved = layers
            moved[band].values[Int(LayerProperty.translationX.rawValue)] = tx
            return periscope.renderer.render(layers: moved, pull: pull)
        }
        let start = drawn(at: 0)
        #expect(drawn(at: -100) == start)
        #expect(drawn(at: -50) == start)
        #expect(drawn(at: -25) != start)
    }

    @Test func svgOutputCarriesTheStripesAsALinearGradient() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.path + "/periscope.svg"
        let result = try render(["periscope", "--out", path, "--at", "cycle:1"])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("<linearGradient"))
        #expect(text.contains("stop-opacity"))
        let parser = XMLParser(contentsOf: URL(fileURLWithPath: path))!
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
    }
}
