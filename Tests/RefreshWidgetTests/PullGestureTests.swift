import Foundation
import RefreshTestSupport
import Testing

/// The widget in a real window under Xvfb, driven by XTest input: pulls with
/// the mouse (mouse-drag on), what must not start a pull, the wheel and the
/// keyboard. One window per group, one X server for the target.
@Suite(.serialized) struct PullGestureTests {
    let folder = TemporaryDirectory()

    /// Drag 200 px down at the top: the header shows, as tall as the library
    /// says; release: exactly one refresh; refreshing: the header rests at the
    /// style's height; ended: the header closes and the list is at its top.
    @Test func mouseDragPullsRefreshesAndCloses() throws {
        defer { folder.remove() }
        let app = try openTestApp(style: "com.refreshhost.yelp", title: "rh-pull")
        defer { app.stop() }
        let x = try XInput(display: XServer.get().display)
        try x.parkPointer()
        let rest = try app.waitForFrame("the view laid out") { $0.bounds.width > 0 }
        let restShot = try x.screenshot(folder.path + "/rest.png")
        #expect(ScreenAnalysis.nonBackground(restShot, bounds: rest.bounds, height: 40) > 40 * rest.bounds.width * 9 / 10,
                "at rest the list covers the view's top (no header)")

        let start = app.mark
        try x.drag(from: point(rest, 200, 60), to: point(rest, 200, 260), release: false)
        let held = try app.waitForFrame("the pull past its slop") { $0.state == ViewState.armed || $0.state == ViewState.pulling }
        Thread.sleep(forTimeInterval: 0.1) // a frame or two for the last motion to be drawn
        let before = try app.query()
        let pulledShot = try x.screenshot(folder.path + "/pulled.png")
        let after = try app.query()
        #expect(before.header == after.header, "the header held still while the screenshot was taken")
        let shift = ScreenAnalysis.contentShift(rest: restShot, pulled: pulledShot, bounds: rest.bounds)
        #expect(after.header > 20, "a 200 px drag shows a header: \(held.line)")
        #expect(abs(Double(shift) - after.header) <= 2, "the list moved down by the header's height: \(shift) px, library: \(after.line)")
        #expect(ScreenAnalysis.nonBackground(pulledShot, bounds: rest.bounds, height: max(shift - 1, 1)) > 0,
                "the style drew in the header")
        #expect(after.scroll == 0, "the list's scroll value did not drift while pulled")

        // On past the style's trigger distance, then release.
        try x.drag(from: point(rest, 200, 260), to: point(rest, 200, 440), steps: 12, release: false, pressed: true)
        try app.waitForFrame("armed") { $0.state == ViewState.armed }
        try x.release()
        try app.waitFor(line: "refresh", after: start)
        let resting = try app.waitForFrame("the header at rest while refreshing") {
            $0.state == ViewState.refreshing && $0.inset > 0 && abs($0.header - $0.inset) < 0.5
        }
        #expect(resting.scroll == 0)
        try app.send("end success")
        let closed = try app.waitForFrame("the header closed") { $0.state == ViewState.idle && $0.header == 0 }
        #expect(closed.scroll == 0, "the list is back at its top")
        #expect(app.lines(after: start).filter { $0 == "refresh" }.count == 1, "exactly one refresh signal")
        try x.parkPointer()
        let endShot = try x.screenshot(folder.path + "/closed.png")
        #expect(ScreenAnalysis.contentShift(rest: restShot, pulled: endShot, bounds: rest.bounds) == 0)

        // At rest again the view asks for no frames: the paint count stands still.
        let quiet = try app.query().paints
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try app.query().paints == quiet, "no frames while idle")
    }

    /// A tap that wobbles 3 px and a horizontal swipe start nothing; after
    /// scrolling down and back up with the wheel, a pull works again (Tuba's bug).
    @Test func tapsAndSwipesPassAndScrollingBackKeepsPulling() throws {
        defer { folder.remove() }
        let app = try openTestApp(style: "com.refreshhost.yahoo", title: "rh-filter")
        defer { app.stop() }
        let x = try XInput(display: XServer.get().display)
        let rest = try app.waitForFrame("the view laid out") { $0.bounds.width > 0 }
        let start = app.mark
        try x.drag(from: point(rest, 150, 100), to: point(rest, 152, 103), steps: 3)
        try x.drag(from: point(rest, 50, 150), to: point(rest, 300, 160), steps: 10)
        // Let any frame a wrongly claimed drag would cause come out.
        Thread.sleep(forTimeInterval: 0.3)
        let untouched = try app.query()
        #expect(untouched.state == ViewState.idle && untouched.pull == 0)
        #expect(!app.lines(after: start).contains { $0.hasPrefix("state ") || $0 == "refresh" },
                "no state change from a tap or a swipe: \(app.lines(after: start))")

        try x.wheel(up: false, notches: 6, at: point(rest, 200, 250))
        try app.waitForFrame("the list scrolled down") { $0.scroll > 50 }
        try x.wheel(up: true, notches: 6, at: point(rest, 200, 250))
        try app.waitForFrame("the list back at its top, nothing pulled") {
            $0.scroll == 0 && $0.state == ViewState.idle && $0.pull == 0
        }
        let again = app.mark
        try x.drag(from: point(rest, 200, 40), to: point(rest, 200, 460), steps: 30)
        try app.waitFor(line: "refresh", after: again)
        try app.send("end success")
        try app.waitForFrame("closed") { $0.state == ViewState.idle && $0.header == 0 && $0.scroll == 0 }
    }

    /// Wheel notches up at the top pull the header in; the wheel going quiet
    /// releases it (a refresh). F5 refreshes without a gesture.
    @Test func wheelOverscrollAndF5Refresh() throws {
        defer { folder.remove() }
        let app = try openTestApp(style: "com.refreshhost.yelp", title: "rh-wheel", arguments: [])
        defer { app.stop() }
        let x = try XInput(display: XServer.get().display)
        let rest = try app.waitForFrame("the view laid out") { $0.bounds.width > 0 }
        let start = app.mark
        try x.wheel(up: true, notches: 10, at: point(rest, 200, 250))
        try app.waitFor(line: "refresh", after: start, timeout: 10)
        #expect(app.lines(after: start).contains("state \(ViewState.armed)"), "the wheel pulled past the trigger")
        try app.send("end success")
        try app.waitForFrame("closed") { $0.state == ViewState.idle && $0.header == 0 && $0.scroll == 0 }

        let keyboard = app.mark
        try app.send("focus")
        try app.waitFor(line: "ok focus", after: keyboard)
        try x.key("F5")
        try app.waitFor(line: "refresh", after: keyboard, timeout: 10)
        try app.waitForFrame("the header at rest") { $0.state == ViewState.refreshing && $0.inset > 0 && abs($0.header - $0.inset) < 0.5 }
        try app.send("end success")
        try app.waitForFrame("closed") { $0.state == ViewState.idle && $0.header == 0 }
        try x.key("ctrl+r")
        try app.waitFor(after: keyboard, timeout: 10, "a second refresh") { _ in
            app.lines(after: keyboard).filter { $0 == "refresh" }.count == 2
        }
        try app.send("end success")
    }
}
