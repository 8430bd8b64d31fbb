import Foundation
import RefreshHostABI
import RefreshPluginRuntime
import RefreshLayers
import Testing

/// What a plugin hands the host can never make the host's own engine or
/// renderer loop for ever: each of these fixtures hung `run` or `render` once.
@Suite struct BoundedLoopTests {
    /// The CLI under `timeout`, so a regression fails the test instead of hanging the suite.
    func cli(_ arguments: [String]) throws -> (result: ProcessResult, seconds: Double) {
        let env = ["HOME": NSTemporaryDirectory() + "refresh-host-no-home", "PATH": "/usr/bin:/bin"]
        let start = Date()
        let r = try runProcess("/usr/bin/timeout", ["-s", "KILL", "60", TestPaths.cli] + arguments, environment: env)
        return (r, Date().timeIntervalSince(start))
    }

    func expectRunAndRenderFinish(_ fixture: String, logLine: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let lib = try Fixture.build(fixture, into: dir.path)
        let id = "test.fixture.\(fixture)"
        let run = try cli(["run", id, "--plugin-path", lib, "--no-live"])
        #expect(run.result.status == 0, "\(run.result.stderr)", sourceLocation: sourceLocation)
        #expect(run.seconds < 30, sourceLocation: sourceLocation)
        #expect(run.result.stdout.contains(logLine), "\(run.result.stdout)", sourceLocation: sourceLocation)
        #expect(run.result.stdout.contains("state resetting -> idle"), sourceLocation: sourceLocation)
        let render = try cli(["render", id, "--plugin-path", lib, "--out", dir.path + "/out.gif"])
        #expect(render.result.status == 0, "\(render.result.stderr)", sourceLocation: sourceLocation)
        #expect(render.seconds < 30, sourceLocation: sourceLocation)
        #expect(render.result.stderr.contains(logLine), "\(render.result.stderr)", sourceLocation: sourceLocation)
        let size = (try? FileManager.default.attributesOfItem(atPath: dir.path + "/out.gif")[.size] as? Int) ?? 0
        #expect(size > 0, sourceLocation: sourceLocation)
    }

    @Test("a zero-duration block whose completion restarts it runs 1000 times a frame, with one log line")
    func zeroDurationLoop() throws {
        try expectRunAndRenderFinish("loop_zero_block", logLine: "more than 1000 animation completions and timers fell due within one frame")
    }

    @Test("a 5e-324 s key-path animation is refused, so its completion cannot loop")
    func tinyKeyPathLoop() throws {
        try expectRunAndRenderFinish("loop_tiny_keypath", logLine: "duration 5e-324 is not in [0.001, 3600]")
    }

    @Test("an arc swept to 1e300 rad is refused at layer_set_path")
    func hugeArc() throws {
        try expectRunAndRenderFinish("huge_arc", logLine: "layer_set_path: rotation = 1e+300 is out of range")
    }

    @Test("a cycle of 5e-324 s refuses the style at load, with the reason")
    func tinyCycle() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let lib = try Fixture.build("tiny_cycle", into: dir.path)
        let list = try cli(["list", "--plugin-path", lib])
        #expect(list.result.stdout.contains("rejected: style 0: cycle_duration is 5e-324, outside 0.01 <= v <= 60"),
                "\(list.result.stdout)")
        let run = try cli(["run", "test.fixture.tiny_cycle", "--plugin-path", lib, "--no-live"])
        #expect(run.result.status != 0 && run.seconds < 30)
    }

    @Test("the limits in refresh_host.h are the ones the host applies")
    func headerLimits() {
        #expect(RH_MIN_DURATION == Timing.minimumDuration)
        #expect(RH_MIN_CYCLE_DURATION == StyleDescriptor.minimumCycleDuration)
        #expect(RH_PATH_MAX_NUMBER == PathElement.maxNumber)
        #expect(Double(RH_PATH_ARC_MAX_TURNS) == PathElement.maxArcTurns)
        #expect(Int(RH_MAX_CHAINED_PER_FRAME) == Timeline.defaultChainLimit)
    }
}
