@testable import RefreshWorker
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A child's own time, against real children: sleeping and spinning count, being stopped does not.
@Suite struct ChildOwnTimeTests {
    func spawn(_ script: String) throws -> SupervisedChild {
        try ChildProcess.spawn(ChildProcess.Options(executable: "/bin/sh", arguments: ["-c", script])).get()
    }

    /// Sleeps `seconds` of wall time, looking at `clock` every 20 ms as a supervisor does.
    func watch(_ clock: inout ChildOwnTime, for seconds: Double) -> Double {
        let end = MonotonicTime.seconds() + seconds
        var last = 0.0
        while MonotonicTime.seconds() < end {
            usleep(20_000)
            last = clock.elapsed()
        }
        return last
    }

    @Test("a sleeping child's time counts, a stopped one's does not, and it counts again once continued")
    func sleepStopContinue() throws {
        let child = try spawn("exec sleep 60")
        defer { child.kill(); child.wait() }
        var clock = ChildOwnTime(pid: child.pid)
        let slept = watch(&clock, for: 0.5)
        #expect(slept >= 0.4)
        kill(child.pid, SIGSTOP)
        // Long enough that counting it would show whatever the machine's load.
        let whileStopped = watch(&clock, for: 1.5)
        #expect(whileStopped < slept + 0.3, "stopped 1.5 s, own time went from \(slept) to \(whileStopped)")
        kill(child.pid, SIGCONT)
        let after = watch(&clock, for: 0.5)
        #expect(after >= whileStopped + 0.3, "continued 0.5 s, own time went from \(whileStopped) to \(after)")
        #expect(clock.wall() >= 2.4)
    }

    @Test("a spinning child's time counts; restart counts from zero")
    func spinAndRestart() throws {
        let child = try spawn("while :; do :; done")
        defer { child.kill(); child.wait() }
        var clock = ChildOwnTime(pid: child.pid)
        // Running or waiting for a CPU: at least its CPU time counts, whatever else runs.
        #expect(watch(&clock, for: 0.8) > 0.2)
        clock.restart()
        #expect(clock.elapsed() < 0.1)
    }

    @Test("a child /proc does not show (gone, reaped) counts wall time, as a plain deadline would")
    func unknownChild() throws {
        let child = try spawn("exit 0")
        child.wait()
        var clock = ChildOwnTime(pid: child.pid)
        let seen = watch(&clock, for: 0.3)
        #expect(seen >= 0.25 && seen <= clock.wall())
    }
}
