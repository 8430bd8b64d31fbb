import Foundation
import RefreshTestSupport
import Testing

/// The Python example, through the typelib (PyGObject, the system python3):
/// the same 200 px mouse pull refreshes, and its simulated fetch ends it.
@Suite(.serialized) struct PythonExampleTests {
    @Test func pythonExamplePullsThroughTheTypelib() throws {
        try WidgetPaths.requireBuilt()
        // The test runner's children start with nearly every signal blocked (GTK then never shows its
        // window): unblock them, then run the example as `python3 pull-to-refresh.py ...` would.
        let launcher = "import runpy, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
            + "sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')"
        let app = try WidgetApp("/usr/bin/python3", ["-c", launcher, WidgetPaths.pythonExample, "--style", "com.refreshhost.yelp", "--mouse-drag"],
                                title: "Pull to refresh (Python)",
                                environment: ["GI_TYPELIB_PATH": WidgetPaths.gtk, "LD_LIBRARY_PATH": WidgetPaths.gtk],
                                readsCommands: false)
        defer { app.stop() }
        try app.waitFor(line: "mapped", timeout: 30)
        try app.waitFor(line: "style-loaded", timeout: 30)
        let x = try XInput(display: XServer.get().display)
        let start = app.mark
        // The example's window is at 0,0 (no window manager) and its list fills it.
        try x.drag(from: (200, 40), to: (200, 460), steps: 30)
        try app.waitFor(line: "refresh", after: start)
        try app.waitFor(after: start, timeout: 15, "the refresh ended") { $0.hasPrefix("ended ") }
        try app.waitFor(line: "state idle", after: start, timeout: 15)
        #expect(app.lines(after: start).filter { $0 == "refresh" }.count == 1)
    }
}
