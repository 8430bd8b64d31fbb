import Foundation
import RefreshTestSupport
import Testing

/// A style that crashes, and one that hangs, while the user pulls (the
/// hostile fixture at its pull entry point): the window stays up, one
/// style-failed arrives within the budget, and the pull still refreshes.
@Suite(.serialized) struct FailingStyleTests {
    /// librefreshhost's default per-call budget (rhe_host_options_t.budget): the worker's
    /// own time, capped at twice as many wall seconds for a view (a loaded machine may take that).
    static let budget = 2.0
    static let wallCap = 2 * budget

    @Test(arguments: ["crash_segv", "hang_busy"])
    func failingStyleLeavesTheWindowUpAndRefreshing(_ behaviour: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/plugins", withIntermediateDirectories: true)
        _ = try Fixture.build("hostile/hostile", into: folder.path + "/plugins", output: "hostile_pull_\(behaviour)",
                              extraFlags: ["-DHOSTILE_AT=pull", "-DHOSTILE_DO=\(behaviour)"])
        let app = try openTestApp(style: "test.hostile.pull.\(behaviour)", title: "rh-\(behaviour)",
                                  environment: ["REFRESH_HOST_PLUGIN_PATH": folder.path + "/plugins",
                                                "XDG_CACHE_HOME": folder.path + "/cache"])
        defer { app.stop() }
        let x = try XInput(display: XServer.get().display)
        let rest = try app.waitForFrame("the view laid out") { $0.bounds.width > 0 }
        let start = app.mark
        let began = Date()
        try x.drag(from: point(rest, 200, 40), to: point(rest, 200, 460), steps: 30)
        let failed = try app.waitFor(after: start, timeout: Self.budget + 8, "style-failed") { $0.hasPrefix("style-failed ") }
        let waited = Date().timeIntervalSince(began)
        #expect(waited < Self.wallCap + 3, "style-failed came \(waited) s after the pull began: \(failed)")
        #expect(app.isRunning)
        #expect(app.lines(after: start).filter { $0.hasPrefix("style-failed") }.count == 1)

        // The first pull goes on without the style (it may have refreshed: end that).
        let settled = try app.waitForFrame("the first pull over") { $0.state == ViewState.idle || $0.state == ViewState.refreshing }
        if settled.state == ViewState.refreshing { try app.send("end success") }
        try app.waitForFrame("idle again") { $0.state == ViewState.idle }
        // The view goes on without the style: a pull still refreshes.
        let again = app.mark
        let (rx, ry) = point(rest, 200, 60)
        try x.drag(from: (rx, ry - 20), to: (rx, ry + 400), steps: 30)
        try app.waitFor(after: again, timeout: 10, "a refresh after the failure") { $0 == "refresh" }
        try app.send("end success")
        try app.waitForFrame("closed") { $0.state == ViewState.idle }
        #expect(app.isRunning)
    }
}
