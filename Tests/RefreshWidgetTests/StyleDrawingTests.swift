import Foundation
import RefreshTestSupport
import Testing

/// Every style the widget can list draws in it: while a refresh runs, the
/// header's pixels are not the view's background. The bundled styles include
/// the Lottie adapter's (orbit, bloom) and the frame-sequence adapter's.
@Suite(.serialized) struct StyleDrawingTests {
    @Test func everyBundledStyleDrawsItsHeader() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let app = try openTestApp(style: "com.refreshhost.yelp", title: "rh-styles", arguments: [])
        defer { app.stop() }
        let x = try XInput(display: XServer.get().display)
        try x.parkPointer()
        let before = app.mark
        try app.send("styles")
        let listed = try app.waitFor(after: before, "styles line") { $0.hasPrefix("styles ") }
        let ids = listed.split(separator: " ").dropFirst().map(String.init)
        #expect(ids.count >= TestPaths.bundledStyleCount, "\(ids)")
        #expect(ids.contains("com.refreshhost.orbit") && ids.contains("com.refreshhost.bloom"), "the Lottie styles are listed")

        for id in ids {
            let mark = app.mark
            if id != "com.refreshhost.yelp" {
                try app.send("style \(id)")
                try app.waitFor(line: "style-loaded 1", after: mark, timeout: 30)
            }
            try app.send("begin")
            let resting = try app.waitForFrame("\(id) at rest while refreshing") {
                $0.state == ViewState.refreshing && $0.inset > 0 && abs($0.header - $0.inset) < 0.5
            }
            // A style animates while it refreshes: let it draw a few frames first.
            Thread.sleep(forTimeInterval: 0.25)
            let shot = try x.screenshot(folder.path + "/\(id).png")
            let area = Int(resting.header) * resting.bounds.width
            let drawn = ScreenAnalysis.nonBackground(shot, bounds: resting.bounds, height: Int(resting.header))
            // Some styles draw only a small mark at rest (176 of 15600 pixels, one here): a few dozen pixels prove drawing.
            #expect(drawn > max(50, area / 500), "\(id) drew \(drawn) of \(area) header pixels")
            try app.send("end success")
            try app.waitForFrame(timeout: 15, "\(id) closed") { $0.state == ViewState.idle && $0.header == 0 }
        }
    }
}
