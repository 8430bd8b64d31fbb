import Foundation
import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import Testing
import RefreshDiscovery

/// ABI 1.2's timer_schedule and timer_cancel, called by a real C plugin
/// (timer_hostile.c) through the real host table: timers run on the host's
/// clock, a cancel calls back with false later, bad arguments and the
/// RH_MAX_TIMERS limit are refused, destroy drops what is pending, a storm of
/// re-arming timers is bounded per frame, and a callback that crashes or hangs
/// ends only the plugin's process.
@Suite struct TimerServiceTests {
    @Test("timers fire on the host clock; cancel calls back false from the frame loop; refusals get their status and one line")
    func calls() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("timer_hostile", into: dir.path)
        let s = try Session("test.fixture.timer_hostile", directories: [SearchDirectory(dir.path, .option)])
        #expect(s.log.statuses == [
            "t1": 0, "t2": 0, "cancel t2": 0, "t3": 0, "t4": 0, "late": 0, "report": 0,
            "delay NaN": -3, "delay -1": -3, "delay 3601": -3, "delay inf": -3, "callback NULL": -2,
            "cancel 0": -2, "cancel 12345": -2, "cancel t2 again": -2, "limit made 1018 then": -6,
        ])
        let said = { s.log.entries(of: .plugin).map(\.message).filter { !$0.contains("status=") || $0.hasPrefix("limit") || $0.hasPrefix("cancel t4") } }
        // Six timers pending (the cancelled t2 counts until its callback has run): 1018 more fit.
        #expect(said() == ["limit made 1018 then status=-6"])
        #expect(s.log.entries(of: .plugin).allSatisfy { !$0.message.hasPrefix("fired") }, "nothing runs inside a call")

        s.advance(to: s.now + 2.5)
        #expect(said() == [
            "limit made 1018 then status=-6",
            "fired t2 finished=0 at 0.0000", "fired t3 finished=1 at 0.0000",
            "fired t4 finished=1 at 0.2500", "cancel t4 in its callback status=-2",
            "fired t1 finished=1 at 0.5000",
            "cancelled callbacks 1018",
        ])
        let misuse = s.log.entries(of: .misuse).map(\.message)
        #expect(misuse.count == 10, "\(misuse)")
        #expect(misuse.contains { $0.hasPrefix("timer_schedule: delay = nan is out of range") })
        #expect(misuse.contains { $0.hasPrefix("timer_schedule: this instance already has 1024 pending timers") })
        #expect(misuse.contains { $0.hasPrefix("timer_cancel: timer 2 is not pending") })
        #expect(misuse.contains { $0.hasPrefix("timer_schedule: callback is NULL") })

        // "late" (100 s) is pending at destroy: dropped unrun, its timeline entry gone.
        let pendingBefore = s.tree.timeline.pendingCount
        let callsBefore = s.calls.count
        s.close()
        #expect(s.tree.timeline.pendingCount == pendingBefore - 1)
        s.tree.timeline.advance(to: 200)
        #expect(s.calls.count == callsBefore + 1, "destroy only")
        #expect(s.calls.last?.function == .destroy)
        #expect(!s.log.entries(of: .plugin).contains { $0.message.hasPrefix("fired late") })
    }

    @Test("a storm of re-arming delay-0 timers is bounded per frame by the chain limit, with one warning; the host carries on")
    func storm() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("timer_hostile", into: dir.path, output: "timer_storm", extraFlags: ["-DTIMER_STORM"])
        let s = try Session("test.fixture.timer_hostile", directories: [SearchDirectory(dir.path, .option)])
        defer { s.close() }
        var perFrame: [Int] = []
        for frame in 1...4 {
            let before = s.calls.filter { $0.function == .timer }.count
            s.controller.advance(to: Double(frame) / s.fps)  // one frame, one advance
            perFrame.append(s.calls.filter { $0.function == .timer }.count - before)
        }
        let limit = s.tree.timeline.chainLimit
        // Each frame runs the one left over from the frame before, then at most `limit` new ones
        // (the storm never ends: it is bounded, not stopped).
        #expect(perFrame == Array(repeating: limit + 1, count: 4))
        let warnings = s.log.entries(of: .host).filter { $0.message.contains("fell due within one frame") }
        #expect(warnings.count == 1)
        // Still responsive: a pull reaches the plugin's layers and the controller.
        s.pull(to: 40)
        #expect(s.controller.state == .pulling)
    }

    /// refresh-host as a child process, with no user plugins and `folder` on the plugin path.
    func cli(_ arguments: [String], folder: String) throws -> ProcessResult {
        let env = ["HOME": NSTemporaryDirectory() + "refresh-host-no-home", "PATH": "/usr/bin:/bin"]
        return try runProcess(TestPaths.cli, arguments + ["--plugin-path", folder], environment: env)
    }

    @Test("a timer callback that crashes or hangs ends only the plugin's process, reported in one line as a completion's",
          arguments: [("TIMER_CRASH", "crashed in timer() with SIGSEGV"),
                      ("TIMER_HANG", "did not return from timer() within 1 s")])
    func misbehaving(_ mode: String, _ said: String) throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("timer_hostile", into: dir.path, extraFlags: ["-D\(mode)"])
        let r = try cli(["run", "test.fixture.timer_hostile", "--no-live", "--budget", "1"], folder: dir.path)
        #expect(r.status != 0)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("test.fixture.timer_hostile") && lines[0].contains(said), "\(r.stderr)")
        #expect(r.stdout.contains("misbehave status=0"))
    }
}
