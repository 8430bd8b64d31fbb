import Foundation
import RefreshWorker
import RefreshTestSupport
@testable import RefreshSession
import RefreshHostController
import Testing

/// The supervisor's end against real child processes: a shell for the ways a
/// process can end, and the real CLI worker for plugin calls.
@Suite("supervising a worker")
struct WorkerConnectionTests {
    func shell(_ script: String, stallLimit: Double = 30) throws -> WorkerConnection {
        var configuration = WorkerConnection.Configuration(executable: "/bin/sh", arguments: ["-c", script])
        configuration.stallLimit = stallLimit
        return try WorkerConnection(configuration)
    }

    func failure(_ connection: WorkerConnection, interrupt: @escaping () -> Bool = { false }) -> WorkerFailure? {
        do {
            while try connection.receive(interrupt: interrupt) != nil {}
            return nil
        } catch {
            return error
        }
    }

    @Test("messages arrive in order; a clean exit after them ends the stream")
    func messages() throws {
        let line = SessionMessage.problem("one").encoded().framed.map { String(format: "\\%03o", $0) }.joined()
        let connection = try shell("printf '\(line)\(line)' >&3")
        var got: [SessionMessage] = []
        while let bytes = try connection.receive() { got.append(try SessionMessage(decoding: bytes)) }
        #expect(got == [.problem("one"), .problem("one")])
    }

    @Test("a worker that dies of a signal, exits, sends garbage or goes quiet becomes one failure each")
    func endings() throws {
        #expect(failure(try shell("kill -SEGV $$")) == .crashed(signal: SIGSEGV, call: nil))
        #expect(failure(try shell("exit 3")) == .exited(status: 3, call: nil))
        guard case .malformed? = failure(try shell("printf '\\377\\377\\377\\177' >&3")) else {
            Issue.record("an absurd length must be refused")
            return
        }
        guard case .malformed? = failure(try shell("printf '\\005\\000\\000\\000\\002' >&3")) else {
            Issue.record("a stream that ends inside a message must be refused")
            return
        }
        let start = MonotonicTime.seconds()
        #expect(failure(try shell("exec sleep 30", stallLimit: 0.3)) == .stalled(seconds: 0.3))
        #expect(MonotonicTime.seconds() - start < 5)
    }

    @Test("a worker that dies while something it forked holds its pipes open is seen at once, with its messages")
    func lingeringChild() throws {
        let line = SessionMessage.problem("before").encoded().framed.map { String(format: "\\%03o", $0) }.joined()
        let start = MonotonicTime.seconds()
        let connection = try shell("printf '\(line)' >&3; sleep 30 & kill -SEGV $$")
        #expect(try SessionMessage(decoding: try #require(try connection.receive())) == .problem("before"))
        #expect(failure(connection) == .crashed(signal: SIGSEGV, call: nil))
        #expect(MonotonicTime.seconds() - start < 5)
        // The one-shot runner, too: it returns when its child exits, not when the pipe closes.
        let shot = ChildProcess.run("/bin/sh", ["-c", "echo result >&3; sleep 30 &"], deadline: 20, capture: 3)
        #expect(shot.ending == .exited(0) && shot.output == "result\n")
        #expect(MonotonicTime.seconds() - start < 5)
    }

    @Test("the worker's prints are kept apart, never mixed into the messages")
    func output() throws {
        let connection = try shell("echo to-stdout; echo to-stderr >&2")
        #expect(try connection.receive() == nil)
        #expect(String(decoding: connection.output, as: UTF8.self) == "to-stdout\nto-stderr\n")
    }

    @Test("a wait can be interrupted at once, and the worker and what it forked are gone")
    func interrupt() throws {
        let connection = try shell("sleep 30 & exec sleep 30")
        var asked = 0
        let start = MonotonicTime.seconds()
        #expect(failure(connection) { asked += 1; return asked > 3 } == .interrupted)
        #expect(MonotonicTime.seconds() - start < 1)
        // No live member is left in the worker's process group (a zombie waiting for init counts as gone).
        var gone = false
        for _ in 0..<100 where !gone {
            gone = livingMembers(ofGroup: connection.child.pid).isEmpty
            usleep(10_000)
        }
        #expect(gone, "\(livingMembers(ofGroup: connection.child.pid))")
    }

    @Test("the real worker: a plugin call over the budget names the callback; a crash names it too")
    func pluginCalls() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let crash = try Fixture.build("live_crash_in_cycle", into: dir.path)
        // A call that never returns (it gives up after 30 s): the budget is a hang guard, sampled
        // every 10 ms, and a loaded machine may not sample a finite 25 ms overrun (v_slow_cycle) at all.
        let slow = try Fixture.build("hostile/hostile", into: dir.path, output: "hostile_setup_for_cycle_hang_busy",
                                     extraFlags: ["-DHOSTILE_AT=setup_for_cycle", "-DHOSTILE_DO=hang_busy", "-DHOSTILE_HANG_LIMIT=30.0"])
        /// How a session of the style in a real worker (`refresh-host worker`) fails on the default gesture.
        func failure(_ id: String, _ file: String, budget: Double) -> WorkerFailure? {
            var settings = SessionSettings()
            settings.budget = budget
            do {
                let session = try WorkerSession(file: file, style: id, settings: settings, executable: TestPaths.cli)
                defer { session.close() }
                try ScriptedRun(gesture: Gesture(), fps: 60, exitDeadline: 5).run(session, withLayers: false)
                return nil
            } catch let SessionFailure.worker(failure, subject) {
                #expect(subject == "\(id) (\(file))")
                return failure
            } catch {
                Issue.record("\(error)")
                return nil
            }
        }
        #expect(failure("test.fixture.live_crash_in_cycle", crash, budget: 2) == .crashed(signal: SIGSEGV, call: "cycle"))
        let hung = failure("test.hostile.setup_for_cycle.hang_busy", slow, budget: 0.01)
        #expect(hung == .hung(call: "setup_for_cycle", seconds: 0.01), "\(String(describing: hung))")
    }
}

/// The pids in process group `group` that are not zombies, from /proc.
func livingMembers(ofGroup group: Int32) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { name -> Int32? in
        guard let pid = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // After "(comm)": state, ppid, pgrp.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 2, fields[0] != "Z", Int32(fields[2]) == group else { return nil }
        return pid
    }
}
