import Foundation
import RefreshTestSupport
import Testing

/// `--budget` counts the worker's own time in a plugin call (running, sleeping, blocked), not
/// time it waited for a CPU or was stopped: a loaded machine does not fail a good style, and a
/// hang is still stopped at the budget.
@Suite("worker budget", .serialized)
struct WorkerBudgetTests {
    func run(_ plugin: String, style: String, budget: String, in dir: TemporaryDirectory) throws -> ProcessResult {
        try runProcess(TestPaths.cli, ["run", style, "--no-live", "--plugin-path", plugin, "--budget", budget], environment: [
            "HOME": dir.path, "XDG_CACHE_HOME": dir.path + "/cache", "PATH": "/usr/bin:/bin", "REFRESH_HOST_PLUGIN_PATH": "",
        ], directory: dir.path)
    }

    func sleeper(limit: Double, marks: String?, in dir: TemporaryDirectory) throws -> String {
        try Fixture.build("hostile/hostile", into: dir.path, output: "hostile_setup_hang_sleep",
                          extraFlags: ["-DHOSTILE_AT=setup", "-DHOSTILE_DO=hang_sleep", "-DHOSTILE_HANG_LIMIT=\(limit)"]
                              + (marks.map { ["-DHOSTILE_MARK_DIR=\"\($0)\""] } ?? []))
    }

    @Test("a setup() slow only in wall time (its worker stopped for 3 s) is within --budget 2: the run finishes as usual")
    func stoppedIsNotHung() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let marks = dir.path + "/marks"
        try FileManager.default.createDirectory(atPath: marks, withIntermediateDirectories: true)
        let plugin = try sleeper(limit: 0.3, marks: marks, in: dir)
        let stop = MarkedStop(marks: marks, for: 3)
        let r = try run(plugin, style: "test.hostile.setup.hang_sleep", budget: "2", in: dir)
        #expect(stop.wait() > 0, "setup() never ran")
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test("a setup() that sleeps is still stopped at --budget 1, and said so")
    func sleepStopped() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugin = try sleeper(limit: 30, marks: nil, in: dir)
        let r = try run(plugin, style: "test.hostile.setup.hang_sleep", budget: "1", in: dir)
        #expect(r.status != 0)
        // "1 s": the budget stopped it; the wall cap would say 10.
        #expect(r.stderr.contains("did not return from setup() within 1 s"), "\(r.stderr)")
    }
}
