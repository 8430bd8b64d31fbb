import Foundation
import RefreshTestSupport
import Testing

/// A command stopped from outside while a style hangs: it goes, its children
/// and their workers go with it, and it leaves no temporary file.
@Suite("interrupted commands")
struct InterruptedCommandTests {
    /// A folder of its own with the hanging style, and the CLI started in it.
    func start(_ arguments: [String], in dir: TemporaryDirectory) throws -> Process {
        try FileManager.default.createDirectory(atPath: dir.path + "/marks", withIntermediateDirectories: true)
        _ = try Fixture.build("hostile/hostile", into: dir.path, output: "hostile_cycle_hang_sleep",
                              extraFlags: ["-DHOSTILE_AT=cycle", "-DHOSTILE_DO=hang_sleep",
                                           "-DHOSTILE_MARK_DIR=\"\(dir.path)/marks\""])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.cli)
        process.arguments = arguments + ["--plugin-path", dir.path + "/libhostile_cycle_hang_sleep.so"]
        process.currentDirectoryURL = URL(fileURLWithPath: dir.path)
        process.environment = ["HOME": dir.path, "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Waits (at most 10 s) until the style hangs in cycle(): the fixture marks where it acts.
    func waitForHang(in dir: TemporaryDirectory) -> Bool {
        for _ in 0..<200 {
            if let marks = try? FileManager.default.contentsOfDirectory(atPath: dir.path + "/marks"), !marks.isEmpty {
                return true
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    @Test("SIGTERM to gallery and to render while the style hangs: nothing left running, no temporary, the old file kept",
          arguments: ["gallery", "render"])
    func terminated(command: String) throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        try "previous".write(toFile: dir.path + "/out.gif", atomically: true, encoding: .utf8)
        let arguments = command == "gallery"
            ? ["gallery", "--out", dir.path + "/site", "--no-validate", "--budget", "60", "--scale", "1", "--fps", "10"]
            : ["render", "test.hostile.cycle.hang_sleep", "--out", dir.path + "/out.gif", "--budget", "60"]
        let process = try start(arguments, in: dir)
        #expect(waitForHang(in: dir), "the style never reached cycle()")
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
        // Children get their death signal when the command goes; give them a moment.
        var left: [String] = []
        for _ in 0..<40 {
            left = HostileBuild.processesNaming(dir.path, andKill: false)
            if left.isEmpty { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(left.isEmpty, "\(left)")
        _ = HostileBuild.processesNaming(dir.path)
        let files = (try FileManager.default.subpathsOfDirectory(atPath: dir.path)).filter { $0.contains(".tmp-") }
        #expect(files.isEmpty, "\(files)")
        #expect(try String(contentsOfFile: dir.path + "/out.gif", encoding: .utf8) == "previous")
    }
}
