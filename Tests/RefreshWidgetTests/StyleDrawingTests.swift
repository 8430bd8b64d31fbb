import Foundation
import RefreshTestSupport
import Testing

/// Every style the widget can list draws in it: while a refresh runs, the
/// header's pixels are not the view's background. The bundled styles include
/// the Lottie adapter's (orbit, bloom) and the frame-sequence adapter's.
/// Six windows at a time, side by side on the screen, each running one style
/// in its own worker: one screenshot checks six headers, and the windows'
/// startups and animations overlap instead of following each other.
@Suite(.serialized) struct StyleDrawingTests {
    /// A 3 x 2 grid of windows on the 1024 x 768 screen.
    static let columns = 3, rows = 2
    static let cell = (width: 340, height: 384)

    @Test func everyBundledStyleDrawsItsHeader() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let x = try XInput(display: XServer.get().display)
        try x.parkPointer()
        let ids = try Self.listedStyles()
        #expect(ids.count >= TestPaths.bundledStyleCount, "\(ids)")
        #expect(ids.contains("com.refreshhost.orbit") && ids.contains("com.refreshhost.bloom"), "the Lottie styles are listed")

        for (batch, start) in stride(from: 0, to: ids.count, by: Self.columns * Self.rows).enumerated() {
            let styles = Array(ids[start..<min(start + Self.columns * Self.rows, ids.count)])
            var apps: [WidgetApp] = []
            defer { apps.forEach { $0.stop() } }
            for (i, id) in styles.enumerated() {
                apps.append(try launchTestApp(style: id, title: "rh-styles-\(i)",
                                              arguments: ["--size", "\(Self.cell.width - 8)x\(Self.cell.height - 8)"]))
            }
            var origins: [(Int, Int)] = []
            for (i, app) in apps.enumerated() {
                try app.waitUntilShown()
                let origin = ((i % Self.columns) * Self.cell.width, (i / Self.columns) * Self.cell.height)
                try x.moveWindow(app.title, to: origin.0, origin.1)
                origins.append(origin)
                try app.send("begin")
            }
            var resting: [Frame] = []
            for (app, id) in zip(apps, styles) {
                resting.append(try app.waitForFrame("\(id) at rest while refreshing") {
                    $0.state == ViewState.refreshing && $0.inset > 0 && abs($0.header - $0.inset) < 0.5
                })
            }
            // A style animates while it refreshes: a few more frames drawn in every window first.
            for (app, frame) in zip(apps, resting) {
                try app.waitForFrame("a few frames drawn") { $0.paints >= frame.paints + 5 }
            }
            let shot = try x.screenshot(folder.path + "/batch-\(batch).png")
            for ((id, frame), origin) in zip(zip(styles, resting), origins) {
                let b = frame.bounds
                let bounds = (x: origin.0 + b.x, y: origin.1 + b.y, width: b.width, height: b.height)
                let area = Int(frame.header) * bounds.width
                let drawn = ScreenAnalysis.nonBackground(shot, bounds: bounds, height: Int(frame.header))
                // Some styles draw only a small mark at rest: a few dozen pixels prove drawing.
                #expect(drawn > max(50, area / 500), "\(id) drew \(drawn) of \(area) header pixels")
            }
            for app in apps { #expect(!app.lines.contains { $0.hasPrefix("style-failed") }, "\(app.lines)") }
        }
    }

    /// The styles the widget lists (`rh_refresh_view_list_styles`), asked of one window.
    static func listedStyles() throws -> [String] {
        let app = try openTestApp(style: "com.refreshhost.yelp", title: "rh-styles-list", arguments: [])
        defer { app.stop() }
        let before = app.mark
        try app.send("styles")
        let listed = try app.waitFor(after: before, "styles line") { $0.hasPrefix("styles ") }
        return listed.split(separator: " ").dropFirst().map(String.init)
    }
}
