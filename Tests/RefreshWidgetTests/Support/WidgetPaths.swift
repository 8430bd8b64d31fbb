import Foundation
import RefreshTestSupport

/// What `make widget` builds under the bin folder's gtk/.
enum WidgetPaths {
    static var gtk: String { TestPaths.binDirectory + "/gtk" }
    static var testApp: String { gtk + "/rh-widget-test-app" }
    static var pythonExample: String { TestPaths.repository + "/Examples/python/pull-to-refresh.py" }

    static func requireBuilt() throws {
        guard FileManager.default.isExecutableFile(atPath: testApp) else {
            throw FixtureError(message: "no \(testApp): run the tests with `make test` (it builds the widget)")
        }
    }
}

/// Opens the test window on `style` and waits until it is shown and the style runs.
func openTestApp(style: String, title: String, arguments: [String] = ["--mouse-drag"],
                 environment: [String: String] = [:], broadway: String? = nil) throws -> WidgetApp {
    let app = try launchTestApp(style: style, title: title, arguments: arguments, environment: environment,
                                broadway: broadway)
    try app.waitUntilShown()
    return app
}

/// Starts the test window on `style` without waiting (several start at once; `waitUntilShown` each).
func launchTestApp(style: String, title: String, arguments: [String] = ["--mouse-drag"],
                   environment: [String: String] = [:], broadway: String? = nil) throws -> WidgetApp {
    try WidgetPaths.requireBuilt()
    return try WidgetApp(WidgetPaths.testApp, ["--style", style, "--title", title] + arguments, title: title,
                         environment: environment, broadway: broadway)
}

extension WidgetApp {
    /// Waits until the window is shown and its style runs; stops it if not.
    func waitUntilShown() throws {
        do {
            try waitFor(line: "mapped")
            try waitFor(line: "style-loaded 1", timeout: 30)
        } catch {
            stop()
            throw error
        }
    }
}

/// A point inside the view, `x` and `y` points from its top-left.
func point(_ frame: Frame, _ x: Int, _ y: Int) -> (Int, Int) { (frame.bounds.x + x, frame.bounds.y + y) }
