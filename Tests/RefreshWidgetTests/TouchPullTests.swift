import Foundation
import RefreshTestSupport
import Testing

/// The widget under real touch events: the test window on a GTK Broadway
/// display, shown in headless Chromium, whose emulated touchscreen reaches GTK
/// as GDK touch events (Xvfb's XTest has none). The view's drag is touch-only
/// here (no --mouse-drag). Each test has its own Broadway daemon, browser and
/// window, all ended when it ends.
@Suite(.serialized) struct TouchPullTests {
    let folder = TemporaryDirectory()

    /// A 200 px touch drag at the top: the header shows, as tall as the library
    /// says and drawn by the style; on past the trigger and lifted: exactly one
    /// refresh, the header at its resting height, then closed at scroll 0.
    @Test func touchPullShowsHeaderAndRefreshesOnce() throws {
        defer { folder.remove() }
        let screen = try BroadwayTouch()
        defer { screen.stop() }
        let app = try openTestApp(style: "com.refreshhost.yelp", title: "rh-touch-pull", arguments: [],
                                  broadway: screen.display.display)
        defer { app.stop() }
        let rest = try app.waitForFrame("the view laid out") { $0.bounds.width > 0 }
        let view = try pageBounds(rest, screen)
        let restShot = try shot(screen, "rest", "the list's rows drawn in the page") {
            Self.textPixels($0, view) > 200 && ScreenAnalysis.nonBackground($0, bounds: view, height: 40) > 40 * view.width * 9 / 10
        }

        let start = app.mark
        try screen.drag(from: (view.x + 200, view.y + 60), to: (view.x + 200, view.y + 260), steps: 20, lift: false)
        let held = try app.waitForFrame("every touch move handled") { $0.touches.updates >= 20 }
        #expect(held.touches.begins == 1 && held.touches.ends == 0, "one finger, still down: \(held.line)")
        #expect(held.state == ViewState.pulling || held.state == ViewState.armed, "the touch pulls: \(held.line)")
        #expect(held.header > 20, "a 200 px touch drag shows a header: \(held.line)")
        // The page shows the app's frames a little later: look until it shows the pulled one.
        let pulledShot = try shot(screen, "pulled", "the list moved down by the header's height (\(held.header))") {
            abs(Double(ScreenAnalysis.contentShift(rest: restShot, pulled: $0, bounds: view)) - held.header) <= 2
        }
        let shift = ScreenAnalysis.contentShift(rest: restShot, pulled: pulledShot, bounds: view)
        #expect(ScreenAnalysis.drawnPixels(pulledShot, bounds: view, height: max(shift - 1, 1)) > 0,
                "the style drew in the header")
        let still = try app.query()
        #expect(still.header == held.header && still.scroll == 0, "held still, the list not scrolled: \(still.line)")

        // On past the style's trigger distance, then the finger lifts.
        try screen.drag(from: (view.x + 200, view.y + 260), to: (view.x + 200, view.y + 440), steps: 12, lift: false,
                        down: false)
        try app.waitForFrame("armed") { $0.state == ViewState.armed }
        try screen.lift()
        try app.waitFor(line: "refresh", after: start)
        let resting = try app.waitForFrame("the header at rest while refreshing") {
            $0.state == ViewState.refreshing && $0.inset > 0 && abs($0.header - $0.inset) < 0.5
        }
        #expect(resting.touches.ends == 1 && resting.scroll == 0, "\(resting.line)")
        try app.send("end success")
        let closed = try app.waitForFrame("the header closed") { $0.state == ViewState.idle && $0.header == 0 }
        #expect(closed.scroll == 0, "the list is back at its top")
        _ = try shot(screen, "closed", "the list back at the view's top") {
            ScreenAnalysis.contentShift(rest: restShot, pulled: $0, bounds: view) == 0
        }
        #expect(app.lines(after: start).filter { $0 == "refresh" }.count == 1, "exactly one refresh signal")
    }

    /// A touch tap that moves 3 px and a horizontal swipe reach the window
    /// and start nothing; a touch pull after them still refreshes.
    @Test func touchTapAndSwipeStartNothing() throws {
        defer { folder.remove() }
        let screen = try BroadwayTouch()
        defer { screen.stop() }
        let app = try openTestApp(style: "com.refreshhost.yahoo", title: "rh-touch-filter", arguments: [],
                                  broadway: screen.display.display)
        defer { app.stop() }
        let rest = try app.waitForFrame("the view laid out") { $0.bounds.width > 0 }
        let view = try pageBounds(rest, screen)
        _ = try shot(screen, "rest", "the list's rows drawn in the page") { Self.textPixels($0, view) > 200 }

        let start = app.mark
        try screen.drag(from: (view.x + 150, view.y + 100), to: (view.x + 152, view.y + 103), steps: 3)
        try screen.drag(from: (view.x + 50, view.y + 150), to: (view.x + 300, view.y + 160), steps: 10)
        // The window counts a touch before the view sees it, in the same dispatch: once both
        // touches are counted, the view has judged every event of them.
        let after = try app.waitForFrame("both touches in the window") { $0.touches.begins == 2 && $0.touches.ends == 2 }
        #expect(after.touches.updates == 13, "every move arrived: \(after.line)")
        #expect(after.state == ViewState.idle && after.pull == 0 && after.header == 0, "\(after.line)")
        #expect(!app.lines(after: start).contains { $0.hasPrefix("state ") || $0 == "refresh" },
                "no state change from a tap or a swipe: \(app.lines(after: start))")

        let again = app.mark
        try screen.drag(from: (view.x + 200, view.y + 40), to: (view.x + 200, view.y + 460), steps: 30)
        try app.waitFor(line: "refresh", after: again)
        try app.send("end success")
        try app.waitForFrame("closed") { $0.state == ViewState.idle && $0.header == 0 && $0.scroll == 0 }
    }

    /// The view's rectangle in the page: the window's place there plus the view's in the window.
    private func pageBounds(_ frame: Frame, _ screen: BroadwayTouch) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let origin = try screen.surfaceOrigin()
        let b = frame.bounds
        return (origin.x + b.x, origin.y + b.y, b.width, b.height)
    }

    /// Screenshots of the page until one satisfies `done` (the page draws the app's frames
    /// on its own schedule), up to `timeout` s; the last one is kept in the test's folder.
    private func shot(_ screen: BroadwayTouch, _ name: String, _ what: String, timeout: Double = 10,
                      _ done: (DecodedPNG) -> Bool) throws -> DecodedPNG {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let png = try screen.browser.screenshot(folder.path + "/\(name).png")
            if done(png) { return png }
            if Date() > deadline { throw FixtureError(message: "no screenshot with \(what) in \(timeout) s (\(name).png)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Dark pixels (the rows' text) inside the view: the page shows the window's list.
    private static func textPixels(_ png: DecodedPNG, _ view: (x: Int, y: Int, width: Int, height: Int)) -> Int {
        var count = 0
        for y in view.y..<min(view.y + view.height, png.height) {
            for x in view.x..<min(view.x + view.width, png.width) where png[x, y] & 0x808080 == 0 { count += 1 }
        }
        return count
    }
}
