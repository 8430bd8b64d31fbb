import Foundation
import RefreshTestSupport
import Testing

/// Workers that end, and say where (issue 27, items 1, 4 and 6): a style
/// whose own thread never stops calling the host still finishes and leaves
/// nothing behind; every way a plugin ends its worker names the entry point;
/// a nesting chain is refused at once; and a plugin found hanging is not
/// waited for again in the same command.
@Suite("worker endings", .serialized)
struct WorkerEndingTests {
    /// A command's result and its wall time.
    struct Timed {
        var result: ProcessResult
        var seconds: Double
        var errorLines: [String] { result.stderr.split(separator: "\n").map(String.init) }
    }

    /// Runs the CLI with HOME in `dir`, so every process it starts carries the folder's name.
    func cli(_ arguments: [String], in dir: TemporaryDirectory, binary: String = TestPaths.cli) throws -> Timed {
        let start = Date()
        let result = try runProcess(binary, arguments, environment: [
            "HOME": dir.path, "XDG_CACHE_HOME": dir.path + "/cache", "PATH": "/usr/bin:/bin", "REFRESH_HOST_PLUGIN_PATH": "",
        ], directory: dir.path)
        return Timed(result: result, seconds: Date().timeIntervalSince(start))
    }

    /// Nothing the command started is still running (given a moment to receive its death signal).
    func leftRunning(in dir: TemporaryDirectory) -> [String] {
        var left: [String] = []
        for _ in 0..<40 {
            left = HostileBuild.processesNaming(dir.path, andKill: false)
            if left.isEmpty { return [] }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return HostileBuild.processesNaming(dir.path)
    }

    func hostile(_ at: String, _ does: String, into dir: TemporaryDirectory) throws -> String {
        try Fixture.build("hostile/hostile", into: dir.path, output: "hostile_\(at)_\(does)",
                          extraFlags: ["-DHOSTILE_AT=\(at)", "-DHOSTILE_DO=\(does)", "-DHOSTILE_HANG_LIMIT=30.0"])
    }

    @Test("a style whose thread calls host services for ever: run --no-live and render finish, the refusal said once, nothing left running",
          arguments: ["run", "render"])
    func threadSpin(command: String) throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugin = try Fixture.build("thread_spin", into: dir.path)
        let arguments = command == "run"
            ? ["run", "test.fixture.thread_spin", "--no-live", "--plugin-path", plugin, "--budget", "2"]
            : ["render", "test.fixture.thread_spin", "--out", dir.path + "/out.gif", "--scale", "1", "--fps", "10",
               "--plugin-path", plugin, "--budget", "2"]
        let run = try cli(arguments, in: dir)
        // The thread spins for 60 s: a command that waited for it, or for its reports, would take that long.
        #expect(run.seconds < 40, "took \(run.seconds) s")
        #expect(run.result.status == 0, "\(run.result.stderr)")
        let refusals = (run.result.stdout + run.result.stderr).split(separator: "\n")
            .filter { $0.contains("layer_set called from another thread; refused (RH_ERR_WRONG_THREAD)") }
        // Once per instance (render makes two: the animation and the still), not once per call.
        #expect((1...2).contains(refusals.count), "\(refusals.count) refusal lines")
        #expect(leftRunning(in: dir).isEmpty)
    }

    @Test("every way a plugin ends its worker names the entry point it was in")
    func endingsNameTheEntryPoint() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let cases: [(fixture: String, style: String, says: String)] = [
            ("exit_in_cycle", "test.fixture.exit_in_cycle", "ended its worker process (exit status 0) in cycle()"),
            ("segv_handler_exit", "test.fixture.segv_handler_exit", "ended its worker process (exit status 3) in pull()"),
        ]
        for c in cases {
            let plugin = try Fixture.build(c.fixture, into: dir.path)
            for arguments in [["run", c.style, "--no-live"], ["render", c.style, "--out", dir.path + "/out.gif"]] {
                let run = try cli(arguments + ["--plugin-path", plugin, "--budget", "2"], in: dir)
                #expect(run.result.status != 0, "\(c.fixture) \(arguments[0])")
                let errors = run.errorLines.filter { $0.hasPrefix("Error:") }
                #expect(errors.count == 1 && errors[0].contains(c.says), "\(c.fixture) \(arguments[0]): \(run.result.stderr)")
            }
            // validate's check workers say the same: the call, not just "exited".
            let validate = try cli(["validate", plugin, "--only", "lifecycle.order", "--json", "--timeout", "10"], in: dir)
            let call = c.says.components(separatedBy: " in ").last!
            #expect(validate.result.stdout.contains("without a result in \(call)"), "\(c.fixture): \(validate.result.stdout)")
        }
        #expect(leftRunning(in: dir).isEmpty)
    }

    @Test("a layer chain deeper than RH_MAX_LAYER_DEPTH is refused at once, not run into the budget")
    func deepNesting() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugin = try Fixture.build("deep_layers", into: dir.path)
        let run = try cli(["run", "test.fixture.deep_layers", "--no-live", "--plugin-path", plugin, "--budget", "1"], in: dir)
        #expect(run.result.status == 0, "\(run.result.stderr)")
        let all = run.result.stdout + run.result.stderr
        #expect(all.contains("info: nested 128 then 0"), "\(all)")
        #expect(all.contains("the deepest a layer may be (RH_MAX_LAYER_DEPTH)"), "\(all)")
    }

    /// validate's results, by id: (status, detail).
    func results(_ json: String) throws -> [(id: String, status: String, detail: String)] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let results = try #require(document["results"] as? [[String: Any]])
        return results.map { ($0["id"] as? String ?? "", $0["status"] as? String ?? "", $0["detail"] as? String ?? "") }
    }

    @Test("validate stops loading a plugin found hanging: one timeout, then every other check not run, with the reason",
          arguments: ["constructor", "setup"])
    func validateHang(at: String) throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugin = try hostile(at, "hang_sleep", into: dir)
        let run = try cli(["validate", plugin, "--json", "--timeout", "2", "--scan-timeout", "1"], in: dir)
        // 35 checks that each waited 2 s would take 70 s; one timeout and the scanner's are a few.
        #expect(run.seconds < 30, "took \(run.seconds) s")
        #expect(run.result.status == 1)
        let all = try results(run.result.stdout)
        let hung = all.filter { $0.status == "timed_out" }
        #expect(hung.count == 1, "\(hung)")
        let after = all.drop { $0.status != "timed_out" }.dropFirst().filter { $0.id != "registry.scan" }
        #expect(!after.isEmpty)
        for r in after {
            #expect(r.status == "skipped" && r.detail.hasPrefix("not run: the plugin hung in \(hung.first?.id ?? "?")"),
                    "\(r)")
        }
        #expect(leftRunning(in: dir).isEmpty)
    }

    @Test("validate --style on a library whose constructor hangs: the names' lookup is the one wait; the first check reports it, the rest are not run")
    func validateStyleHang() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let marks = dir.path + "/marks"
        try FileManager.default.createDirectory(atPath: marks, withIntermediateDirectories: true)
        let plugin = try Fixture.build("hostile/hostile", into: dir.path, output: "hostile_constructor_hang_sleep",
                                       extraFlags: ["-DHOSTILE_AT=constructor", "-DHOSTILE_DO=hang_sleep",
                                                    "-DHOSTILE_HANG_LIMIT=30.0", "-DHOSTILE_MARK_DIR=\"\(marks)\""])
        let run = try cli(["validate", plugin, "--style", "test.hostile.constructor.hang_sleep", "--json", "--timeout", "2",
                           "--scan-timeout", "1"], in: dir)
        #expect(run.result.status == 1)
        let all = try results(run.result.stdout)
        let hung = all.filter { $0.status == "timed_out" }
        #expect(hung.map(\.id) == ["loading.dlopen"], "\(hung)")
        for r in all.dropFirst().filter({ $0.id != "registry.scan" }) {
            #expect(r.status == "skipped" && r.detail.hasPrefix("not run: the plugin hung in loading.dlopen"), "\(r)")
        }
        // Each load marks: once to read the styles' names, then by the registry's scanner in its
        // batch and, unless it was the batch's first file, alone again before it is blamed. A
        // check that loaded it again (4 marks before) would be one more.
        let loads = try FileManager.default.contentsOfDirectory(atPath: marks).filter { $0.hasPrefix("constructor.") }
        #expect((2...3).contains(loads.count), "\(loads)")
        #expect(leftRunning(in: dir).isEmpty)
    }

    /// The CLI hard-linked beside an empty bundled folder, so a page holds the test's styles alone.
    func smallCLI(in dir: TemporaryDirectory) throws -> String {
        let bin = dir.path + "/small/bin"
        try FileManager.default.createDirectory(atPath: bin + "/plugins", withIntermediateDirectories: true)
        if link(TestPaths.cli, bin + "/refresh-host") != 0 {
            try FileManager.default.copyItem(atPath: TestPaths.cli, toPath: bin + "/refresh-host")
        }
        return bin + "/refresh-host"
    }

    func gallery(_ plugin: String, deadline: String, in dir: TemporaryDirectory) throws -> (Timed, html: String) {
        let run = try cli(["gallery", "--out", dir.path + "/site", "--plugin-path", plugin, "--budget", "1",
                           "--deadline", deadline, "--scan-timeout", "1", "--scale", "1", "--fps", "10"],
                          in: dir, binary: try smallCLI(in: dir))
        return (run, (try? String(contentsOfFile: dir.path + "/site/index.html", encoding: .utf8)) ?? "")
    }

    @Test("gallery: a style found hanging while drawn is not loaded again to validate it")
    func galleryHungDrawing() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let (run, html) = try gallery(try hostile("setup", "hang_sleep", into: dir), deadline: "30", in: dir)
        // Before, each of its checks waited the full 60 s check timeout.
        #expect(run.seconds < 25, "took \(run.seconds) s")
        #expect(run.result.status == 1, "\(run.result.stderr)")
        #expect(run.result.stdout.contains("test.hostile.setup.hang_sleep: not rendered: It did not return from setup()"),
                "\(run.result.stdout)")
        #expect(html.contains("did not return from setup()") && !html.contains("strictness 5:"), "validated after all")
        #expect(leftRunning(in: dir).isEmpty)
    }

    @Test("gallery: one --deadline bounds a card, its validation included")
    func galleryDeadline() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        // Draws as usual; only the fuzzer's reversed pulls make its pull loop for ever.
        let (run, html) = try gallery(try Fixture.build("v_loop_pull", into: dir.path), deadline: "8", in: dir)
        // Before, fuzzing.gestures alone waited the full 60 s check timeout.
        #expect(run.seconds < 40, "took \(run.seconds) s")
        #expect(run.result.status == 0, "\(run.result.stderr)")
        #expect(html.contains("strictness 5:") && html.contains("badge bad\">fails"), "the card passes or was not validated")
        #expect(leftRunning(in: dir).isEmpty)
    }
}
