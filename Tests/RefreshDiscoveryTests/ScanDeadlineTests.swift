import Foundation
@testable import RefreshDiscovery
import RefreshTestSupport
import RefreshWorker
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The scanner's per-file deadline counts the child's own time: a hang (sleep or spin) is
/// stopped at it, a child that only waited (stopped, or starved by a loaded machine) is not,
/// and the wall cap stops whatever the own time misses.
@Suite struct ScanDeadlineTests {
    /// hostile.c sleeping in init for `limit` seconds, marking `marks` as it starts.
    static func sleeper(_ build: String, limit: Double, marks: String?, name: String) throws -> String {
        try Fixture.build("hostile/hostile", into: build, output: name,
                          extraFlags: ["-DHOSTILE_AT=init", "-DHOSTILE_DO=hang_sleep", "-DHOSTILE_HANG_LIMIT=\(limit)"]
                              + (marks.map { ["-DHOSTILE_MARK_DIR=\"\($0)\""] } ?? []))
    }

    static func folders() throws -> (TemporaryDirectory, build: String, marks: String) {
        let dir = TemporaryDirectory()
        let build = dir.path + "/build", marks = dir.path + "/marks"
        for folder in [build, marks] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        return (dir, build, marks)
    }

    @Test("a file whose scan is slow only in wall time (its child stopped for 3 s mid-init) is loaded, not quarantined")
    func stoppedIsNotHung() throws {
        let (dir, build, marks) = try Self.folders()
        defer { dir.remove() }
        // Its init sleeps 0.3 s of its own: well inside a 2 s deadline, unless the 3 s stop counted.
        let slow = try Self.sleeper(build, limit: 0.3, marks: marks, name: "slow")
        let stop = MarkedStop(marks: marks, for: 3)
        let start = Date()
        let results = Scanner(executable: TestPaths.cli, deadline: 2, parallelism: 1).scan([slow])
        #expect(stop.wait() > 0, "the fixture's init never ran")
        #expect(Date().timeIntervalSince(start) >= 3)
        guard case let .loaded(_, styles, _) = try results[0].get() else { Issue.record("\(results[0])"); return }
        #expect(styles.count == 1)
    }

    @Test("a sleeping init and a spinning descriptor are still stopped at the deadline, not the wall cap")
    func hangsStillStopped() throws {
        let (dir, build, _) = try Self.folders()
        defer { dir.remove() }
        let sleeping = try Self.sleeper(build, limit: 60, marks: nil, name: "sleeping")
        let spinning = try Fixture.build("descriptor_hang", into: build)
        let results = Scanner(executable: TestPaths.cli, deadline: 1, parallelism: 2).scan([sleeping, spinning])
        // "1 s": the deadline stopped them; the wall cap would say 10.
        #expect(try results[0].get() == .quarantined("hung the scanner: no answer within 1 s (in init())"))
        #expect(try results[1].get() == .quarantined("hung the scanner: no answer within 1 s (in style_descriptor())"))
    }

    @Test("a child stopped for good spends no time of its own: the wall cap stops it")
    func wallCap() throws {
        let (dir, build, marks) = try Self.folders()
        defer { dir.remove() }
        let slow = try Self.sleeper(build, limit: 0.3, marks: marks, name: "stuck")
        let stop = MarkedStop(marks: marks, for: nil)
        let scanner = Scanner(executable: TestPaths.cli, deadline: 0.4, parallelism: 1)
        #expect(scanner.wallCap == 4)
        let results = scanner.scan([slow])
        #expect(stop.wait() > 0, "the fixture's init never ran")
        #expect(try results[0].get() == .quarantined("hung the scanner: no answer within 4 s (in init())"))
    }
}
