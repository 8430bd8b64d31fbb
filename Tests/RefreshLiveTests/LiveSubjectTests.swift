import RefreshHostController
import RefreshLive
import RefreshSession
import RefreshTerminal
import RefreshTestSupport
import Testing

/// The live preview's side of a style, driven directly: its pixels and what `run` reports when it ends.
@Suite struct LiveSubjectTests {
    func subject() throws -> SessionSubject {
        var settings = SessionSettings()
        settings.isolation = .inProcess
        let file = TestPaths.bundledPlugin("libYahooStyle.so")
        return SessionSubject(try SessionOpener().open(file: file, style: "com.refreshhost.yahoo", settings: settings))
    }

    @Test("the pixels are the phone at the scale asked, a new renderer when the scale changes; a pull draws the header")
    func pixels() throws {
        let live = try subject()
        defer { live.close() }
        let pixels = PreviewPixels(subject: live, viewportWidth: 375, viewportHeight: 300, appearance: .light)
        let resting = pixels.draw(scale: 1)
        let doubled = pixels.draw(scale: 2)
        #expect(doubled.width == resting.width * 2 && doubled.height == resting.height * 2)
        live.touchDown(x: nil)
        live.moveFinger(to: 120, arrivingAt: 0.5, x: nil)
        try live.advance(to: 0.5)
        #expect(pixels.draw(scale: 1).bytes != resting.bytes)
    }

    @Test("as a LiveSubject: no refresh yet, no problems, and closed once")
    func report() throws {
        let subject: any LiveSubject = try subject()
        #expect(subject.refreshes == 0 && subject.problems.isEmpty && subject.lastCue == nil)
        subject.close()
    }
}
