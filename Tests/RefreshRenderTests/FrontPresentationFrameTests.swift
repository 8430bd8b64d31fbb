import Foundation
import RefreshDiscovery
import RefreshHostController
import RefreshRender
import RefreshSession
import Testing

/// The front presentation, drawn: the list stays still and the header slides
/// in over it from above the top edge with the pull, as Android's
/// SwipeRefreshLayout slides its indicator in, then rests where a slide-down
/// header rests. Points on a 375 x 300 phone at 2x.
@Suite struct FrontPresentationFrameTests {
    static let midX = 375.0 / 2
    typealias Frame = (image: Bitmap, pull: Double, headerTop: Double)

    /// 60 frames a second, so that the pull's first frames are a few points apart.
    static var options: RecordingOptions {
        var options = RecordingOptions()
        options.fps = 60
        return options
    }

    /// The pull's frames, up to the release.
    func pullFrames(_ style: StyleRecording) throws -> [Frame] {
        let release = try #require(try style.recording.moments().release)
        return try stride(from: 1.0 / 60, to: release, by: 1.0 / 60).map { try style.frame(.seconds($0)) }
    }

    /// The first frame of the pull whose distance is in `range`.
    func frame(_ frames: [Frame], pull range: ClosedRange<Double>) throws -> Frame {
        try #require(frames.first { range.contains($0.pull) }, "no frame with a pull in \(range): \(frames.map(\.pull))")
    }

    /// Whether the top `rows` points about the centre look like the bare list: each point the same colour as the
    /// point 100 pt to its right, where nothing but the list's blank top ever is.
    func bareList(_ image: Bitmap, rows: Double) -> Bool {
        stride(from: 0.5, to: rows, by: 1).allSatisfy { y in
            stride(from: Self.midX - 30, through: Self.midX + 30, by: 1).allSatisfy { x in
                image.colour(atPoint: x, y) == image.colour(atPoint: x + 100, y)
            }
        }
    }

    @Test func materialSlidesInFromAboveTheTopEdge() throws {
        let material = try StyleRecording("material", options: Self.options, run: RunSettings(presentation: .front))
        let frames = try pullFrames(material)
        for f in frames where f.pull <= 80 {
            #expect(abs(f.headerTop - (f.pull - 80)) < 1e-9, "the root rides the pull: \(f.pull) \(f.headerTop)")
        }
        // Early: the 40 pt disc (centred in the 80 pt header, so 20 pt above the header's bottom) is wholly above
        // the top edge, its shadow too; the list, which does not move, shows.
        let early = try frame(frames, pull: 1...10)
        #expect(bareList(early.image, rows: 12), "nothing of the indicator on screen at a pull of \(early.pull)")
        // Half way: the disc has come in with the pull, its ring at pull - 40, and is not yet at its resting place.
        let middle = try frame(frames, pull: 50...66)
        #expect(saturation(middle.image, Self.midX, middle.pull - 40, radius: 7.5) > 20, "the ring at \(middle.pull - 40)")
        #expect(saturation(middle.image, Self.midX, 40, radius: 7.5) < 10, "not yet at its resting place")
        // At rest, refreshing: where it rests with the style's own presentation.
        let resting = try material.frame(.cycle(1))
        let slideDown = try StyleRecording("material").frame(.cycle(1))
        #expect(resting.headerTop == 0 && slideDown.headerTop == 0)
        #expect(saturation(resting.image, Self.midX, 40, radius: 7.5) > 100)
        #expect(saturation(slideDown.image, Self.midX, 40, radius: 7.5) > 100)
    }

    @Test func aStyleThatDeclaresFrontSlidesInWithoutMovingItsLayers() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("front_indicator", into: dir.path)
        let plugins = LoadedPlugins(directories: [SearchDirectory(dir.path, .option)])
        let style = try StyleRecording("front_indicator", options: Self.options, plugins: plugins)
        let red = Colour(255, 0, 0)
        let frames = try pullFrames(style)
        // The 40 pt square is centred in the 60 pt header: it spans pull - 50 to pull - 10.
        let early = try frame(frames, pull: 1...8)
        #expect(early.headerTop == early.pull - 60)
        #expect(bareList(early.image, rows: 20), "nothing of the square on screen at a pull of \(early.pull)")
        let middle = try frame(frames, pull: 35...45)
        #expect(middle.image.colour(atPoint: Self.midX, middle.pull - 30) == red, "the square's centre at \(middle.pull - 30)")
        #expect(middle.image.colour(atPoint: Self.midX, middle.pull - 8) != red, "its bottom edge, \(middle.pull - 10), rides the pull")
        // Refreshing, the header rests at the top: the square at 10 to 50, the still list under it.
        let resting = try style.frame(.cycle(1))
        #expect(resting.headerTop == 0)
        #expect(resting.image.colour(atPoint: Self.midX, 12) == red && resting.image.colour(atPoint: Self.midX, 48) == red)
        #expect(resting.image.colour(atPoint: Self.midX, 55) != red && resting.image.colour(atPoint: Self.midX, 5) != red)
    }
}
