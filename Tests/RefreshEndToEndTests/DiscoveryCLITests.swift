import Foundation
import RefreshDiscovery
import Testing

/// `list` and `info` as users run them: plugin code only ever runs in
/// scanner children, whatever the plugins do.
@Suite(.tags(.endToEnd)) struct DiscoveryCLITests {
    /// No user plugins, a cache of the test's own.
    func environment(cache: String, pluginPath: String? = nil) -> [String: String] {
        var env = ["HOME": NSTemporaryDirectory() + "refresh-host-no-home", "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": cache]
        if let pluginPath { env["REFRESH_HOST_PLUGIN_PATH"] = pluginPath }
        return env
    }

    func cli(_ arguments: [String], cache: String, pluginPath: String? = nil) throws -> ProcessResult {
        try runProcess(TestPaths.cli, arguments, environment: environment(cache: cache, pluginPath: pluginPath))
    }

    /// The line of the table that names `file`.
    func line(_ r: ProcessResult, _ file: String) -> String {
        r.stdout.split(separator: "\n").first { $0.hasSuffix(" " + file) }.map(String.init) ?? "(no line for \(file))"
    }

    @Test("the issue's bad cases: a truncated copy, a FIFO named x.so, an aarch64 library, a constructor that aborts; list names each and exits 0")
    func badCases() throws {
        let dir = TemporaryDirectory()
        let cache = TemporaryDirectory()
        defer { dir.remove(); cache.remove() }
        let source = try Data(contentsOf: URL(fileURLWithPath: TestPaths.bundledPlugin("libYahooStyle.so")))
        try source.prefix(3000).write(to: URL(fileURLWithPath: dir.path + "/truncated.so"))
        #expect(mkfifo(dir.path + "/x.so", 0o644) == 0)
        let arm = try #require(try Fixture.foreignLibrary(in: cache.path, target: "aarch64-linux-gnu", patchMachine: 183))
        try FileManager.default.copyItem(atPath: arm, toPath: dir.path + "/arm.so")
        let ctor = try Fixture.build("ctor_abort", into: dir.path)
        for arguments in [["list", "--plugin-path", dir.path], ["list", "--plugin-path", dir.path, "--rescan"]] {
            let r = try cli(arguments, cache: cache.path)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr.isEmpty, "\(r.stderr)")
            #expect(line(r, dir.path + "/truncated.so").contains("refused: truncated: 3000 bytes, its headers need "))
            #expect(line(r, dir.path + "/x.so").contains("refused: a FIFO (named pipe), not a regular file"))
            #expect(line(r, dir.path + "/arm.so").contains("refused: built for aarch64; this host is x86_64"))
            #expect(line(r, ctor).contains("quarantined: crashed the scanner with SIGABRT in the library's constructors"))
            #expect(r.stdout.contains("com.refreshhost.yahoo"))
        }
        let json = try cli(["list", "--json", "--plugin-path", dir.path], cache: cache.path)
        let parsed = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["plugins"] as? [[String: Any]])
        let quarantined = try #require(parsed.first { $0["file"] as? String == ctor })
        #expect(quarantined["status"] as? String == "quarantined")
        #expect(quarantined["reason"] as? String == "crashed the scanner with SIGABRT in the library's constructors")
        #expect(parsed.first { $0["file"] as? String == dir.path + "/x.so" }?["status"] as? String == "refused")
    }

    @Test("a plugin that prints from its constructor and init: list --json stays one JSON document, info is clean, stderr is empty")
    func printingPlugin() throws {
        let dir = TemporaryDirectory()
        let cache = TemporaryDirectory()
        defer { dir.remove(); cache.remove() }
        _ = try Fixture.build("ctor_prints", into: dir.path)
        for _ in 0..<2 {  // cold, then warm
            let json = try cli(["list", "--json"], cache: cache.path, pluginPath: dir.path)
            #expect(json.status == 0 && json.stderr.isEmpty, "\(json.stderr)")
            #expect(!json.stdout.contains("ctor_prints:"))
            let parsed = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["plugins"] as? [[String: Any]])
            #expect(parsed.first?["id"] as? String == "test.fixture.ctor_prints")
            #expect(parsed.first?["status"] as? String == "loaded")
            let info = try cli(["info", "ctor_prints"], cache: cache.path, pluginPath: dir.path)
            #expect(info.status == 0 && info.stderr.isEmpty, "\(info.stderr)")
            #expect(info.stdout.hasPrefix("id  ") || info.stdout.hasPrefix("id "), "\(info.stdout)")
            #expect(!info.stdout.contains("ctor_prints:"))
        }
    }

    @Test("a warm list does not wait for a plugin quarantined for hanging, whatever the deadline")
    func warmSkipsHang() throws {
        let dir = TemporaryDirectory()
        let cache = TemporaryDirectory()
        defer { dir.remove(); cache.remove() }
        let hang = try Fixture.build("descriptor_hang", into: dir.path)
        let cold = try cli(["list", "--scan-timeout", "1"], cache: cache.path, pluginPath: dir.path)
        #expect(cold.status == 0)
        #expect(line(cold, hang).contains("quarantined: hung the scanner: no answer within 1 s (in style_descriptor())"))
        let started = Date()
        let warm = try cli(["list", "--scan-timeout", "60"], cache: cache.path, pluginPath: dir.path)
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(line(warm, hang) == line(cold, hang))
    }

    @Test("four lists at once on a cold cache all succeed alike, and leave a whole cache")
    func concurrentLists() throws {
        let dir = TemporaryDirectory()
        let cache = TemporaryDirectory()
        defer { dir.remove(); cache.remove() }
        _ = try Fixture.build("valid_minimal", into: dir.path)
        _ = try Fixture.build("two_styles", into: dir.path)
        _ = try Fixture.build("ctor_abort", into: dir.path)
        let runs = try (0..<4).map { _ -> (Process, Pipe, Pipe) in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: TestPaths.cli)
            process.arguments = ["list", "--json"]
            process.environment = environment(cache: cache.path, pluginPath: dir.path)
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            return (process, out, err)
        }
        var outputs: [String] = []
        for (process, out, err) in runs {
            let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(stderr.isEmpty, "\(stderr)")
            outputs.append(stdout)
        }
        #expect(Set(outputs).count == 1)
        // The cache the CLI wrote names the designers' data folder it was written for.
        let designs = NSTemporaryDirectory() + "refresh-host-no-home/.local/share/refresh-host/styles"
        let records = try RegistryCache(folder: cache.path + "/refresh-host", scanner: TestPaths.cli,
                                        context: PluginRegistry.Options.context(designs: designs)).read().get()
        #expect(records.count == 3 + TestPaths.bundledLibraryCount)  // the three fixtures and the bundled files
        let warm = try cli(["list", "--json"], cache: cache.path, pluginPath: dir.path)
        #expect(warm.stdout == outputs[0] && warm.stderr.isEmpty)
    }

    @Test("a damaged cache: one warning line on stderr, the same list, then a rebuilt cache")
    func damagedCache() throws {
        let cache = TemporaryDirectory()
        defer { cache.remove() }
        let before = try cli(["list"], cache: cache.path)
        let file = cache.path + "/refresh-host/registry.cache"
        try Data("magic=refresh-host registry cache\nformat=1\n".utf8).write(to: URL(fileURLWithPath: file))
        let damaged = try cli(["list"], cache: cache.path)
        #expect(damaged.status == 0)
        #expect(damaged.stdout == before.stdout)
        #expect(damaged.stderr == "refresh-host: warning: \(file): unreadable registry cache (no header); rebuilding\n")
        let after = try cli(["list"], cache: cache.path)
        #expect(after.stderr.isEmpty && after.stdout == before.stdout)
    }

    @Test("--scan-timeout must be a positive number of seconds: one line otherwise")
    func badTimeout() throws {
        let cache = TemporaryDirectory()
        defer { cache.remove() }
        for value in ["0", "abc", "700", "inf", "-1", "nan", "1e9"] {
            let r = try cli(["list", "--scan-timeout", value], cache: cache.path)
            #expect(r.status == 2, "a usage error: \(r.status)")
            #expect(r.stderr.hasSuffix(" (see 'refresh-host list --help')\n"), "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
            #expect(r.stderr.hasPrefix("Error: --scan-timeout \(value): must be a number of seconds in (0, 600]"), "\(r.stderr)")
        }
    }
}
