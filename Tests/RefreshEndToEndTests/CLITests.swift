import Foundation
import Testing

/// The refresh-host executable, run as a real child process.
@Suite(.tags(.endToEnd)) struct CLITests {
    /// A clean environment: no user plugins, no plugin path unless given.
    func cli(_ arguments: [String], pluginPath: String? = nil) throws -> ProcessResult {
        var env = ["HOME": NSTemporaryDirectory() + "refresh-host-no-home", "PATH": "/usr/bin:/bin"]
        if let pluginPath { env["REFRESH_HOST_PLUGIN_PATH"] = pluginPath }
        return try runProcess(TestPaths.cli, arguments, environment: env)
    }

    /// Exactly one line on stderr, no usage text, no Swift crash report.
    func expectOneLineError(_ r: ProcessResult, _ prefix: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.status != 0, sourceLocation: sourceLocation)
        let lines = r.stderr.split(separator: "\n").filter { !$0.isEmpty }
        #expect(lines.count == 1, "stderr: \(r.stderr)", sourceLocation: sourceLocation)
        #expect(lines.first?.hasPrefix(prefix) == true, "stderr: \(r.stderr)", sourceLocation: sourceLocation)
        #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("Stack dump"), sourceLocation: sourceLocation)
    }

    @Test("list shows the fourteen bundled styles as loaded, as a table and as JSON")
    func list() throws {
        let table = try cli(["list"])
        #expect(table.status == 0)
        for id in ["com.refreshhost.yelp", "com.refreshhost.snapchat", "com.refreshhost.yikyak", "com.refreshhost.yahoo",
                   "com.refreshhost.appcoda", "com.refreshhost.colorchange", "com.refreshhost.yalantis", "com.refreshhost.periscope",
                   "com.refreshhost.material", "com.refreshhost.storehouse", "com.refreshhost.waterdrop",
                   "com.refreshhost.orbit", "com.refreshhost.bloom", "com.refreshhost.earlybird"] {
            #expect(table.stdout.split(separator: "\n").contains { $0.hasPrefix(id) && $0.contains("loaded") })
        }
        let json = try cli(["list", "--json"])
        let parsed = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["plugins"] as? [[String: Any]])
        #expect(parsed.count == 14)
        #expect(parsed.allSatisfy { $0["status"] as? String == "loaded" && $0["origin"] as? String == "bundled" })
    }

    @Test("the host speaks ABI 1.2 and says so; the bundled plugins declare it")
    func abiVersion() throws {
        let version = try cli(["--version"])
        #expect(version.stdout.contains("plugin ABI 1.5.0; extensions rh.theme/1, rh.spring/1, rh.compose/1, rh.timeline/1, rh.effects/1"),
                "\(version.stdout)")
        let json = try cli(["list", "--json"])
        let parsed = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["plugins"] as? [[String: Any]])
        #expect(parsed.allSatisfy { $0["abi"] as? String == "1.5.0" }, "\(parsed)")
    }

    @Test("a style on REFRESH_HOST_PLUGIN_PATH shadows the bundled one with the same id")
    func shadowInList() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let mine = try Fixture.build("valid_minimal", into: dir.path, output: "myyelp",
                                     extraFlags: ["-DFIXTURE_ID=\"com.refreshhost.yelp\""])
        let json = try cli(["list", "--json"], pluginPath: dir.path)
        let parsed = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["plugins"] as? [[String: Any]])
        let yelps = parsed.filter { $0["id"] as? String == "com.refreshhost.yelp" }
        #expect(yelps.count == 2)
        #expect(yelps.first?["file"] as? String == mine && yelps.first?["status"] as? String == "loaded")
        #expect(yelps.last?["status"] as? String == "shadowed" && yelps.last?["shadowedBy"] as? String == mine)
        let info = try cli(["info", "yelp"], pluginPath: dir.path)
        #expect(info.stdout.contains("Fixture valid_minimal") && info.stdout.contains("shadows"))
    }

    @Test("info prints the descriptor and where it came from")
    func info() throws {
        let r = try cli(["info", "yahoo"])
        #expect(r.status == 0)
        for expected in ["com.refreshhost.yahoo", "Yahoo News Digest", "90.0 pt", "0.900 s", "middle", "libYahooStyle.so", "bundled"] {
            #expect(r.stdout.contains(expected), "missing \(expected) in \(r.stdout)")
        }
    }

    @Test("run prints the whole timeline: states, cycles, the exit's done, with times", arguments: ["yelp", "yahoo"])
    func run(style: String) throws {
        let r = try cli(["run", style])
        #expect(r.status == 0, "\(r.stderr)")
        for line in ["   0.600  finger up at", "   0.600  did-start", "did-start-cycle 1", "end requested", "exit started",
                     "exit done() after", "did-end", "state resetting -> idle", "back to idle"] {
            #expect(r.stdout.contains(line), "missing '\(line)'")
        }
        if style == "yahoo" { #expect(r.stdout.contains("exit done() after 1.000 s")) }
    }

    @Test("run --trace shows every call into the plugin; --frames shows the layers")
    func traceAndFrames() throws {
        let r = try cli(["run", "yikyak", "--trace", "--frames", "--fps", "10", "--refresh", "0.5"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("-> com.refreshhost.yikyak#1 setup(root: 1) -> true"))
        #expect(r.stdout.contains("-> com.refreshhost.yikyak#1 position(pull: {dragging, distance: "), "ABI 1.3 styles get position, decoded in the trace")
        #expect(r.stdout.contains("calls into the plugin:"))
        #expect(r.stdout.contains("frame 3: "))
        #expect(r.stdout.contains("#1 rect  pos (0.0, "))
    }

    @Test("run --trace shows the plugin's calls to the host under the call that made them, in order, through the worker")
    func traceServiceCalls() throws {
        let r = try cli(["run", "yelp", "--trace", "--fps", "10", "--refresh", "0.5"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let setup = try #require(lines.firstIndex { $0.contains("-> com.refreshhost.yelp#1 setup(root: 1) -> true") })
        // setup's own calls follow it, before the next call into the plugin: the first made the first layer.
        let after = lines[(setup + 1)...].prefix { $0.contains("<- ") }
        #expect(after.count > 10, "\(lines[setup...].prefix(5))")
        #expect(after.first?.contains("<- layer_create(") == true && after.first?.contains(") -> 2  (") == true, "\(after.first ?? "")")
        #expect(after.contains { $0.contains("<- layer_set(") && $0.contains("bounds.width") && $0.contains("-> RH_OK") })
        // The service lines carry their time like the call lines do.
        #expect(after.allSatisfy { $0.hasSuffix(" us)") })
    }

    @Test("a plugin calling the host 100,000 times in one pull: the trace shows the first calls and counts the rest")
    func traceFlood() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("service_flood", into: dir.path)
        let r = try cli(["run", "test.fixture.service_flood", "--trace", "--fps", "10", "--refresh", "0.2"], pluginPath: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        let pull = try #require(lines.firstIndex { $0.contains("#1 pull(") })
        let services = lines[(pull + 1)...].prefix { $0.contains("<- ") }
        // 256 shown, then a count per service (layer_get came after the 256 kept: counted too).
        #expect(services.count == 258, "\(services.count) lines under the first pull")
        #expect(services.prefix(256).allSatisfy { $0.contains("<- layer_set(") && $0.contains("opacity") })
        #expect(services.suffix(2).map { String($0.drop { $0 == " " }) }
                == ["<- ... 1 more layer_get call(s), counted, not shown", "<- ... 99744 more layer_set call(s), counted, not shown"])
    }

    @Test("user mistakes: one clear line on stderr and a non-zero status")
    func mistakes() throws {
        expectOneLineError(try cli(["run", "nosuch"]), "Error: no style 'nosuch'; known: com.refreshhost.appcoda")
        expectOneLineError(try cli(["info", "nosuch"]), "Error: no style 'nosuch'")
        expectOneLineError(try cli(["run", "yelp", "--fps", "abc"]), "Error: --fps abc: must be a number of frames per second from 1 to 120")
        expectOneLineError(try cli(["run", "yelp", "--fps", "0"]), "Error: --fps 0: must be a number of frames per second from 1 to 120")
        expectOneLineError(try cli(["run", "yelp", "--size", "big"]), "Error: --size big: expected WIDTHxHEIGHT")
        expectOneLineError(try cli(["run", "yelp", "--pull", "400"]), "Error: --pull 400: must be a number of points in (0, 300), below the viewport's height")
        expectOneLineError(try cli(["list", "--plugin-path", "/no/such/dir"]),
                           "Error: --plugin-path /no/such/dir: no such file or directory")
        expectOneLineError(try cli(["frobnicate"]), "Error: 'frobnicate' is not a refresh-host command")
        // A usage mistake says where the help is, on the same line, with the usage status 2 (ExitStatus).
        let usage = try cli(["run"])
        expectOneLineError(usage, "Error: Missing expected argument '<style>' (see 'refresh-host run --help')")
        #expect(usage.status == 2)
    }

    @Test("a style that crashes gets one line naming it, its file and the callback, after the timeline so far")
    func pluginCrash() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let file = try Fixture.build("live_crash_in_cycle", into: dir.path)
        try "previous".write(toFile: dir.path + "/x.gif", atomically: true, encoding: .utf8)
        for command in [["run", "test.fixture.live_crash_in_cycle", "--no-live"],
                        ["render", "test.fixture.live_crash_in_cycle", "--out", dir.path + "/x.gif"]] {
            let r = try cli(command, pluginPath: dir.path)
            #expect(r.status == 4, "\(command[0]): \(r.stderr)")
            #expect(r.stderr == "Error: test.fixture.live_crash_in_cycle (\(file)) crashed in cycle() with SIGSEGV\n",
                    "\(command[0]): \(r.stderr)")
        }
        // Every line the worker sent before it died was printed; the file that was there is untouched.
        let run = try cli(["run", "test.fixture.live_crash_in_cycle", "--no-live"], pluginPath: dir.path)
        #expect(run.stdout.hasSuffix("   0.600  did-start-cycle 1\n"), "\(run.stdout)")
        #expect(try String(contentsOfFile: dir.path + "/x.gif", encoding: .utf8) == "previous")
    }

    @Test("--in-process: the crash reporter still names the style and the callback before the signal ends the command")
    func pluginCrashInProcess() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("live_crash_in_cycle", into: dir.path)
        for command in [["run", "test.fixture.live_crash_in_cycle", "--no-live", "--in-process"],
                        ["render", "test.fixture.live_crash_in_cycle", "--out", dir.path + "/x.gif", "--in-process"]] {
            let r = try cli(command, pluginPath: dir.path)
            #expect(r.status == SIGSEGV, "\(command[0]): \(r.stderr)")
            let lines = r.stderr.split(separator: "\n").filter { !$0.isEmpty }
            #expect(lines.count == 1, "\(command[0]): \(r.stderr)")
            #expect(lines.first?.hasPrefix("Error: test.fixture.live_crash_in_cycle#1 crashed (SIGSEGV) in cycle;") == true,
                    "\(command[0]): \(r.stderr)")
        }
    }

    @Test("a broken plugin on the path is listed as rejected with its reason; the others still run")
    func rejectedPlugin() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("abi_major", into: dir.path)
        try "not a library".write(toFile: dir.path + "/libjunk.so", atomically: true, encoding: .utf8)
        let r = try cli(["list"], pluginPath: dir.path)
        #expect(r.status == 0)
        #expect(r.stdout.contains("rejected: built for ABI 2.0.0, this host speaks ABI 1.5.0"))
        #expect(r.stdout.contains("refused: not an ELF shared object (no ELF magic number)"))
        #expect(try cli(["run", "yelp", "--refresh", "0"], pluginPath: dir.path).status == 0)
    }
}
