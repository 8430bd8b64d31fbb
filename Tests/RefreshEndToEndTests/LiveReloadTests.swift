import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `run --watch` in a real terminal (tmux): the C fixture live_reload is
/// rebuilt under the running preview (its name and header colour say which
/// build it is), and the preview takes the new build up with the gesture
/// kept, or says in one line why it cannot and goes on with the old one.
@Suite(.tags(.endToEnd), .enabled(if: Tmux.available, "tmux is not installed: the live preview's terminal tests are skipped"))
struct LiveReloadTests {
    /// A plugin folder, the preview running on it with --watch in a pane wide
    /// enough for a whole failure line, and a folder of builds to put in place.
    final class Bench {
        let dir = TemporaryDirectory()
        var plugins: String { dir.path + "/plugins" }
        var builds: String { dir.path + "/builds" }
        var file: String { plugins + "/libreload.so" }
        private(set) var tmux: Tmux!

        init() throws {
            for folder in [plugins, builds, dir.path + "/cache"] {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
        }

        deinit { dir.remove() }

        /// Builds the fixture as `label` with its header in `color` ("r,g,b" in 0...1) into the builds folder.
        @discardableResult
        func build(_ label: String, color: String, id: String? = nil) throws -> String {
            try Fixture.build("live_reload", into: builds, output: label, extraFlags: [
                "-DRELOAD_BUILD=\"\(label)\"", "-DRELOAD_COLOR=\(color)",
            ] + (id.map { ["-DRELOAD_ID=\"\($0)\""] } ?? []))
        }

        /// Starts `run live_reload --plugin-path plugins --watch` plus `extra`.
        func start(_ extra: [String] = []) throws {
            let cli = (["env", "XDG_CACHE_HOME=\(dir.path)/cache", TestPaths.cli, "run", "live_reload",
                        "--plugin-path", plugins, "--watch"] + extra).map(shellQuoted).joined(separator: " ")
            tmux = try Tmux("ulimit -c 0; \(cli); s=$?; printf '[exited %d]\\n' $s; read -r line", columns: 220)
        }

        /// Replaces the plugin as a linker does: a new file renamed over the old one.
        func replace(with build: String) throws {
            let next = plugins + "/.libreload.so.next"
            try FileManager.default.copyItem(atPath: build, toPath: next)
            guard Glibc.rename(next, file) == 0 else { throw FixtureError(message: "rename failed: \(errno)") }
        }

        /// Rewrites the plugin in place, as `cp` or `cat >` do: same inode, truncated, written again.
        func rewrite(_ bytes: Data) throws {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: bytes)
            try handle.close()
        }

        func lastLine() -> String { (try? tmux.lastLine()) ?? "" }

        func waitForLastLine(_ parts: String..., timeout: Double = 30) -> Bool {
            tmux.wait(timeout: timeout) { let line = lastLine(); return parts.allSatisfy(line.contains) }
        }

        /// The copies the workers ran from (PluginSnapshot): none may be left once the preview ended.
        func snapshots() -> [String] {
            [plugins, builds].flatMap { (try? FileManager.default.contentsOfDirectory(atPath: $0)) ?? [] }
                .filter { $0.contains(".live-") }
        }

        /// Whether a cell on screen has this colour (foreground or background, as truecolor).
        func shows(_ rgb: String) throws -> Bool {
            try tmux.screen(escapes: true).range(of: "[34]8;2;\(rgb)[m;]", options: .regularExpression) != nil
        }
    }

    static let red = "255;0;0", blue = "0;0;255"

    @Test("rebuilt while pulling, renamed in while refreshing: the new build takes over the gesture; garbage written in place leaves it running, said in one line")
    func reloads() throws {
        let bench = try Bench()
        try FileManager.default.copyItem(atPath: try bench.build("v1", color: "1,0,0"), toPath: bench.file)
        try bench.start()
        #expect(bench.waitForLastLine("Reload v1 | idle |"))

        // Finger down and pulled: the rebuild (a linker's new file) keeps it at the same pull.
        try bench.tmux.send("Down")
        try bench.tmux.send("Down")
        #expect(bench.waitForLastLine("Reload v1 | pulling | pull 0."))
        Thread.sleep(forTimeInterval: 0.5)  // the finger's glide has arrived
        let pull = bench.lastLine().components(separatedBy: " | ")[2]
        #expect(try bench.shows(Self.red))
        try bench.build("v2", color: "0,0,1")
        try bench.replace(with: bench.builds + "/libv2.so")
        #expect(bench.waitForLastLine("Reload v2 | pulling | \(pull) |", "reloaded libreload.so (build 2)"),
                "\(bench.lastLine())")
        // (Red may linger as the colour state of a blank cell: only the new colour is checked.)
        #expect(try bench.tmux.wait { try bench.shows(Self.blue) })

        // Refreshing: the next build starts refreshing.
        try bench.tmux.send("Space")
        try bench.tmux.send("r")
        #expect(bench.waitForLastLine("Reload v2 | refreshing |"))
        try bench.replace(with: try bench.build("v3", color: "0,1,0"))
        #expect(bench.waitForLastLine("Reload v3 | refreshing |", "(build 3)"), "\(bench.lastLine())")

        // Garbage written over the library in place: build 3 keeps running (it runs from its own
        // copy, so its pull code is still there), and the status line says what happened.
        try bench.rewrite(Data("not a library\n".utf8))
        #expect(bench.waitForLastLine(
            "reload failed, kept build 3: libreload.so: refused: not an ELF shared object (no ELF magic number)"), "\(bench.lastLine())")
        try bench.tmux.send("e")
        #expect(bench.waitForLastLine("Reload v3 | idle |"))
        try bench.tmux.send("Down")
        try bench.tmux.send("Down")
        #expect(bench.waitForLastLine("Reload v3 | pulling | pull 0."))
        try bench.tmux.send("q")
        #expect(try bench.tmux.waitForScreen(containing: "[exited 0]", history: true))
        let history = try bench.tmux.screen(history: true).split(separator: "\n").joined()
        #expect(history.contains("refresh-host: warning: \(bench.file): reload failed: refused: not an ELF shared object"), "\(history)")
        #expect(history.contains("Reload v3: 1 refresh(es)"), "\(history)")
        #expect(bench.snapshots().isEmpty, "\(bench.snapshots())")
    }

    @Test("builds that cannot take over, one after another, and the file deleted: each reason on the status line, build 1 goes on, then a good build loads")
    func failures() throws {
        let bench = try Bench()
        try FileManager.default.copyItem(atPath: try bench.build("v1", color: "1,0,0"), toPath: bench.file)
        let other = try bench.build("other", color: "0,0,1", id: "test.fixture.other")
        let broken = try ["ctor_abort", "no_entry", "abi_major"].map { try Fixture.build($0, into: bench.builds) }
        try bench.start()
        #expect(bench.waitForLastLine("Reload v1 | idle |"))
        let cases = [
            (other, "it no longer has the style test.fixture.live_reload (it has test.fixture.other)"),
            (broken[0], "quarantined: crashed the scanner with SIGABRT in the library's constructors"),
            (broken[1], "rejected: no rh_entry symbol"),
            (broken[2], "rejected: built for ABI 2.0.0"),
        ]
        for (build, reason) in cases {
            try bench.replace(with: build)
            #expect(bench.waitForLastLine("Reload v1 | idle |", "reload failed, kept build 1: libreload.so: \(reason)"),
                    "\(bench.lastLine())")
        }
        // Deleted (a clean before the build): said, and build 1 goes on.
        try FileManager.default.removeItem(atPath: bench.file)
        #expect(bench.waitForLastLine("Reload v1 | idle |", "reload failed, kept build 1: libreload.so: the file is gone"),
                "\(bench.lastLine())")
        try bench.tmux.send("r")
        #expect(bench.waitForLastLine("Reload v1 | refreshing |"))
        try bench.replace(with: try bench.build("v2", color: "0,0,1"))
        #expect(bench.waitForLastLine("Reload v2 | refreshing |", "reloaded libreload.so (build 2)"), "\(bench.lastLine())")
        try bench.tmux.send("q")
        #expect(try bench.tmux.waitForScreen(containing: "[exited 0]", history: true))
        // The last reload worked: nothing to warn about on the way out.
        #expect(try !bench.tmux.screen(history: true).contains("warning"))
    }

    @Test("a build never renamed into place is not taken; one written in two pieces fails half way, then loads; a retargeted symlink is followed")
    func partialWrites() throws {
        let bench = try Bench()
        let v1 = try bench.build("v1", color: "1,0,0")
        let v2 = try Data(contentsOf: URL(fileURLWithPath: try bench.build("v2", color: "0,0,1")))
        try FileManager.default.copyItem(atPath: v1, toPath: bench.file)
        try bench.start()
        #expect(bench.waitForLastLine("Reload v1 | idle |"))

        // A build whose last step, the rename, never happened: the file in use is unchanged.
        try v2.write(to: URL(fileURLWithPath: bench.file + ".tmp"))
        Thread.sleep(forTimeInterval: 2)  // four times what a change takes to settle
        #expect(bench.lastLine().hasPrefix("Reload v1 | idle | pull 0.00 | cycle 0 | "), "\(bench.lastLine())")
        #expect(!bench.lastLine().contains("reload"))

        // Truncated and half written, then left: that half is refused; the old build still pulls.
        try bench.rewrite(v2.prefix(v2.count / 2))
        #expect(bench.waitForLastLine("reload failed, kept build 1: libreload.so: refused: truncated"), "\(bench.lastLine())")
        try bench.tmux.send("Down")
        #expect(bench.waitForLastLine("Reload v1 | pulling |"))
        try bench.tmux.send("Space")
        // The rest arrives: the whole build loads.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: bench.file))
        try handle.seekToEnd()
        try handle.write(contentsOf: v2.suffix(from: v2.count / 2))
        try handle.close()
        #expect(bench.waitForLastLine("Reload v2 |", "reloaded libreload.so (build 2)"), "\(bench.lastLine())")

        // A symlink on the search path, pointed at another build: followed.
        let v3 = try bench.build("v3", color: "0,1,0")
        try FileManager.default.removeItem(atPath: bench.file)
        try FileManager.default.createSymbolicLink(atPath: bench.file, withDestinationPath: v1)
        #expect(bench.waitForLastLine("Reload v1 |", "(build 3)"), "\(bench.lastLine())")
        try FileManager.default.createSymbolicLink(atPath: bench.file + ".new", withDestinationPath: v3)
        #expect(rename(bench.file + ".new", bench.file) == 0)
        #expect(bench.waitForLastLine("Reload v3 |", "(build 4)"), "\(bench.lastLine())")
        try bench.tmux.send("q")
        #expect(try bench.tmux.waitForScreen(containing: "[exited 0]", history: true))
        #expect(bench.snapshots().isEmpty, "\(bench.snapshots())")
    }

    @Test("--watch with --in-process, or without a live terminal: one usage line")
    func usage() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let noTerminal = try runProcess(TestPaths.cli, ["run", "yelp", "--watch"])
        #expect(noTerminal.status == 2)
        #expect(noTerminal.stderr.hasPrefix("Error: --watch: only for the live preview, and stdout is not a terminal"))
        #expect(noTerminal.stderr.split(separator: "\n").count == 1)
        let noLive = try runProcess(TestPaths.cli, ["run", "yelp", "--watch", "--no-live"])
        #expect(noLive.status == 2)
        #expect(noLive.stderr.hasPrefix("Error: --watch: only for the live preview, and --no-live asks for the timeline"))
        let tmux = try Tmux("\(shellQuoted(TestPaths.cli)) run yelp --watch --in-process; printf '[exited %d]\\n' $?; read -r line")
        #expect(try tmux.waitForScreen(containing: "[exited 2]", history: true))
        #expect(try tmux.screen(history: true).contains("Error: --watch: not with --in-process"))
    }
}
