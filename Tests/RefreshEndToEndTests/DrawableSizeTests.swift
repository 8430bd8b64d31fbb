import Foundation
import Testing

/// Sizes the host cannot draw are refused at option validation: status 2, one
/// line naming the limit, no backtrace, nothing written. Sizes just inside it
/// pass validation (shown by the next error, about an unknown style: nothing is drawn).
@Suite(.tags(.endToEnd)) struct DrawableSizeTests {
    func cli(_ arguments: [String]) throws -> ProcessResult {
        let env = ["HOME": NSTemporaryDirectory() + "refresh-host-no-home", "PATH": "/usr/bin:/bin"]
        return try runProcess(TestPaths.cli, arguments + ["--plugin-path", TestPaths.bundledPlugins], environment: env)
    }

    func expectRefused(_ r: ProcessResult, _ prefix: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.status == 2, "\(r.stderr)", sourceLocation: sourceLocation)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("Error: " + prefix), "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.contains("16777216 pixels") || r.stderr.contains("32767 pixels a side"), sourceLocation: sourceLocation)
        #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("Stack dump"), sourceLocation: sourceLocation)
    }

    @Test("render yelp --size 10000x10000 --scale 3 (was exit 134 and a backtrace): refused for every pixel format")
    func documentedExtreme() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        for format in ["png", "gif", "webp"] {
            let out = dir.path + "/big." + format
            let r = try cli(["render", "yelp", "--size", "10000x10000", "--scale", "3", "--out", out])
            expectRefused(r, "--size 10000x10000 --scale 3: 30000 x 30000 pixels:")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        // An SVG holds no pixels: past validation (the unknown style is the next error).
        let svg = try cli(["render", "no-such-style", "--size", "10000x10000", "--scale", "3", "--out", dir.path + "/big.svg"])
        #expect(svg.status == 3 && svg.stderr.hasPrefix("Error: no style"), "\(svg.stderr)")
    }

    @Test("the edge: 4096 x 4096 device pixels pass validation, one more row is refused")
    func edges() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        for (size, scale) in [("4096x4096", "1"), ("2048x2048", "2")] {
            let r = try cli(["render", "no-such-style", "--size", size, "--scale", scale, "--out", dir.path + "/x.gif"])
            #expect(r.status == 3 && r.stderr.hasPrefix("Error: no style"), "\(size) at \(scale): \(r.stderr)")
        }
        expectRefused(try cli(["render", "yelp", "--size", "4096x4097", "--scale", "1", "--out", dir.path + "/x.png"]),
                      "--size 4096x4097 --scale 1: 4096 x 4097 pixels:")
        expectRefused(try cli(["render", "yelp", "--size", "2049x2048", "--scale", "2", "--out", dir.path + "/x.webp"]),
                      "--size 2049x2048 --scale 2: 4098 x 4096 pixels:")
    }

    @Test("run --record draws at scale 2: a viewport past 2048 x 2048 is refused before the preview starts")
    func record() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        expectRefused(try cli(["run", "yelp", "--record", dir.path + "/r.gif", "--size", "2049x2048"]),
                      "--record \(dir.path)/r.gif --size 2049x2048 (drawn at scale 2): 4098 x 4096 pixels:")
        // Inside the budget, the next check speaks (stdout is a pipe here, not the live preview's terminal).
        let inside = try cli(["run", "yelp", "--record", dir.path + "/r.gif", "--size", "2048x2048"])
        #expect(inside.status == 2 && inside.stderr.contains("stdout is not a terminal") && !inside.stderr.contains("pixels"),
                "\(inside.stderr)")
        // run without --record draws nothing at the viewport's size: 10000 x 10000 stays valid.
        let timeline = try cli(["run", "no-such-style", "--no-live", "--size", "10000x10000"])
        #expect(timeline.status == 3 && timeline.stderr.hasPrefix("Error: no style"), "\(timeline.stderr)")
    }
}
