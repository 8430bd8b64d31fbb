import Foundation
import Testing

/// Every file the CLI writes is written beside its target and renamed into
/// place: an interrupted or failed command leaves the previous file intact
/// and no partial, temporary or empty file.
@Suite(.tags(.endToEnd)) struct AtomicOutputTests {
    let env = ["HOME": NSTemporaryDirectory() + "refresh-host-no-home", "PATH": "/usr/bin:/bin"]

    func temporaries(in dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tmp-") }
    }

    @Test("a render interrupted with SIGINT while encoding leaves the previous file byte for byte, and no temporary")
    func interruptedRender() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let out = dir.path + "/yelp.gif"
        let old = Data("the previous render".utf8)
        try old.write(to: URL(fileURLWithPath: out))
        let process = Process()
        // A process started in the background may inherit SIGINT ignored, and an ignored
        // SIGINT rightly stays ignored: env gives the render the default disposition.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A long run at a large scale: seconds of encoding to interrupt.
        process.arguments = ["--default-signal=INT", TestPaths.cli, "render", "yelp", "--out", out,
                             "--refresh", "20", "--scale", "3", "--fps", "30"]
        process.environment = env
        process.standardError = FileHandle.nullDevice
        try process.run()
        let start = Date()
        while try temporaries(in: dir.path).isEmpty, Date().timeIntervalSince(start) < 30 { usleep(10_000) }
        #expect(try !temporaries(in: dir.path).isEmpty, "the render never made its temporary")
        usleep(200_000)  // into the encoding
        #expect(process.isRunning)
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["yelp.gif"])
    }

    @Test("a render that fails keeps the previous file; --junit writes beside its target")
    func failedRenderAndJUnit() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let out = dir.path + "/a.png"
        try Data("old".utf8).write(to: URL(fileURLWithPath: out))
        // A moment that never comes fails after the style was loaded and run.
        let r = try runProcess(TestPaths.cli, ["render", "yelp", "--out", out, "--at", "cycle:99"], environment: env)
        #expect(r.status != 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "old")
        let junit = dir.path + "/report.xml"
        let v = try runProcess(TestPaths.cli, ["validate", TestPaths.bundledPlugin("libYahooStyle.so"), "--only", "loading.entry",
                                               "--junit", junit], environment: env)
        #expect(v.status == 0, "\(v.stderr)")
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("<testsuite"))
        #expect(try temporaries(in: dir.path).isEmpty)
    }
}
