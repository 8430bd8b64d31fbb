import Foundation
import RefreshTestSupport
import Testing

/// The window resized while the style runs (rhe_view_set_size): the same
/// worker process goes on, the header fills the new width, and a resize in
/// the middle of a refresh leaves the refresh running.
@Suite(.serialized) struct ResizeTests {
    @Test func resizingKeepsTheWorkerAndTheHeaderDraws() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let app = try openTestApp(style: "com.refreshhost.yelp", title: "rh-resize")
        defer { app.stop() }
        let x = try XInput(display: XServer.get().display)
        try x.parkPointer()
        try app.waitForFrame("the view laid out") { $0.bounds.width > 0 }
        let workers = app.workers
        #expect(workers.count == 1, "one worker for the style: \(workers)")

        // At rest: wider and shorter.
        try x.resizeWindow("rh-resize", to: 640, 420)
        try app.waitForFrame("the view at 640 x 420") { $0.bounds.width == 640 && $0.bounds.height == 420 }
        #expect(app.workers == workers, "the same worker after the resize")
        let start = app.mark
        try app.send("begin")
        let resting = try app.waitForFrame("the header at rest while refreshing") {
            $0.state == ViewState.refreshing && $0.inset > 0 && abs($0.header - $0.inset) < 0.5
        }
        Thread.sleep(forTimeInterval: 0.2) // a few frames of the refreshing animation
        let wide = try x.screenshot(folder.path + "/wide.png")
        let drawn = ScreenAnalysis.nonBackground(wide, bounds: resting.bounds, height: Int(resting.header))
        #expect(drawn > 1000, "the header draws after the resize: \(drawn) pixels")
        // Yelp centres its compass: drawn at the new width, it sits right of the old centre (200).
        let centre = ScreenAnalysis.drawnCentreX(wide, bounds: resting.bounds, height: Int(resting.header))
        #expect(abs(centre - 320) < 40, "the header is laid out across 640 points (its centre at \(centre))")

        // Mid-refresh: narrower; the refresh goes on and rests at the same inset, no second request.
        try x.resizeWindow("rh-resize", to: 360, 520)
        let narrow = try app.waitForFrame("the view at 360 x 520, still refreshing") {
            $0.bounds.width == 360 && $0.bounds.height == 520 && $0.state == ViewState.refreshing && abs($0.header - $0.inset) < 0.5
        }
        #expect(narrow.inset == resting.inset)
        #expect(app.workers == workers, "the same worker after a resize mid-refresh")
        Thread.sleep(forTimeInterval: 0.2)
        let shot = try x.screenshot(folder.path + "/narrow.png")
        let centreNarrow = ScreenAnalysis.drawnCentreX(shot, bounds: narrow.bounds, height: Int(narrow.header))
        #expect(abs(centreNarrow - 180) < 40, "the header is laid out across 360 points (its centre at \(centreNarrow))")
        try app.send("end success")
        try app.waitForFrame("closed") { $0.state == ViewState.idle && $0.header == 0 && $0.scroll == 0 }
        #expect(app.lines(after: start).filter { $0 == "refresh" }.count == 1, "one refresh signal through the resizes")
        #expect(!app.lines(after: start).contains { $0.hasPrefix("style-failed") })
        #expect(app.workers == workers)
    }
}
