import Foundation
import RefreshConsole
import Testing

/// What the CLI writes for a person, seen where a person sees it: a real
/// terminal (tmux) of a given width, and a pipe. Colour only on a terminal
/// that wants it, tables that fit, progress that is redrawn and erased, and
/// machine output that none of it touches.
@Suite(.tags(.endToEnd)) struct ConsoleOutputTests {
    static let escape = "\u{1B}["

    /// A clean environment, as CLITests: no user plugins; `extra` on top.
    func cli(_ arguments: [String], pluginPath: String? = nil, extra: [String: String] = [:]) throws -> ProcessResult {
        var env = ["HOME": NSTemporaryDirectory() + "refresh-host-no-home", "PATH": "/usr/bin:/bin", "TERM": "xterm-256color"]
        if let pluginPath { env["REFRESH_HOST_PLUGIN_PATH"] = pluginPath }
        env.merge(extra) { $1 }
        return try runProcess(TestPaths.cli, arguments, environment: env)
    }

    /// A folder with a long name holding a plugin that loads and one that is
    /// rejected with a long reason: the cells that have to give up room.
    func plugins() throws -> (dir: TemporaryDirectory, path: String) {
        let dir = TemporaryDirectory()
        let deep = dir.path + "/a-rather-long-folder-name-for-plugins-that-goes-on-for-a-while"
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        _ = try Fixture.build("valid_minimal", into: deep)
        _ = try Fixture.build("no_entry", into: deep)
        return (dir, deep)
    }

    /// What `sh -c shell` shows in a `columns`-wide terminal, and every byte it
    /// wrote there (tmux pipe-pane), so a line that was drawn and erased is
    /// seen whatever the timing.
    func inTerminal(_ shell: String, columns: Int = 100) throws -> (screen: String, colours: String, bytes: String) {
        let log = TemporaryDirectory()
        defer { log.remove() }
        let tmux = try Tmux("read -r go; \(shell); printf '[exited %d]\\n' $?", columns: columns, rows: 50)
        try tmux.tmux(["pipe-pane", "-t", tmux.session, "-o", "cat >> " + shellQuoted(log.path + "/bytes")])
        try tmux.send("Enter")
        #expect(try tmux.waitForScreen(containing: "[exited ", history: true, timeout: 120), "\(shell) did not end")
        let screen = try tmux.screen(history: true)
        let colours = try tmux.screen(history: true, escapes: true)
        // pipe-pane's cat may still be writing the last bytes.
        _ = tmux.wait(timeout: 5) {
            (try? String(contentsOfFile: log.path + "/bytes", encoding: .utf8))?.contains("[exited ") == true
        }
        let bytes = (try? String(contentsOfFile: log.path + "/bytes", encoding: .utf8)) ?? ""
        return (screen, colours, bytes)
    }

    func command(_ arguments: [String]) -> String {
        ([TestPaths.cli] + arguments).map(shellQuoted).joined(separator: " ")
    }

    /// The lines the command printed: up to the shell's "[exited N]".
    func printed(_ screen: String) -> [String] {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return Array(lines.prefix { !$0.hasPrefix("[exited ") }).filter { !$0.isEmpty }
    }

    // MARK: list fits the terminal

    @Test("list in a narrow terminal: one line per entry, none wider than the window", .enabled(if: Tmux.available),
          arguments: [50, 72, 100])
    func listFitsTerminal(columns: Int) throws {
        let (dir, folder) = try plugins()
        defer { dir.remove() }
        let entries = try cli(["list", "--json", "--plugin-path", folder]).stdout.components(separatedBy: "\"file\"").count - 1
        let run = try inTerminal(command(["list", "--plugin-path", folder]), columns: columns)
        let lines = printed(run.screen)
        // A row that wrapped would be two lines on the screen; a reason's own lines are indented.
        let rows = lines.filter { !$0.hasPrefix("    ") }
        #expect(rows.count == entries + 1, "\(lines.joined(separator: "\n"))")
        for line in lines { #expect(TextFit.width(line) <= columns, "'\(line)'") }
        #expect(lines.first?.hasPrefix("ID") == true)
        #expect(lines.contains { $0.contains("rejected") } && lines.contains { $0.contains("loaded") })
        #expect(lines.contains { $0.contains("…") }, "nothing was cut at \(columns) columns?")
        // The reason is never cut: whole in its row, or whole on the lines after it.
        let reason = "no rh_entry symbol: not a RefreshHost plugin (is rh_entry exported with default visibility?)"
        let reasonLines = lines.filter { $0.hasPrefix("    ") }.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(lines.contains { $0.contains(reason) } || reasonLines.contains(reason), "\(lines.joined(separator: "\n"))")
    }

    @Test("list through a pipe: whole lines, whatever their length, and no colour")
    func listPipeWhole() throws {
        let (dir, folder) = try plugins()
        defer { dir.remove() }
        let r = try cli(["list", "--plugin-path", folder])
        #expect(r.status == 0)
        #expect(r.stdout.contains(folder + "/libno_entry.so"))
        #expect(r.stdout.contains("rejected: no rh_entry symbol: not a RefreshHost plugin (is rh_entry exported with default visibility?)"))
        #expect(!r.stdout.contains("…") && !r.stdout.contains(Self.escape))
    }

    @Test("COLUMNS=60 applies to a pipe too: every line fits 60 columns, paths keep their file name's end")
    func listColumnsThroughPipe() throws {
        let (dir, folder) = try plugins()
        defer { dir.remove() }
        let r = try cli(["list", "--plugin-path", folder], extra: ["COLUMNS": "60"])
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count > 2)
        for line in lines { #expect(TextFit.width(line) <= 60, "'\(line)'") }
        for line in lines.dropFirst() where !line.hasPrefix("    ") { #expect(line.hasSuffix(".so"), "'\(line)'") }
        // The reason no longer fits its column: the row says the word, the reason follows whole.
        #expect(lines.contains { $0.contains("  rejected  ") && $0.hasSuffix("libno_entry.so") }, "\(r.stdout)")
        #expect(!lines.contains { $0.contains("rejected: ") }, "\(r.stdout)")
        let reasonLines = lines.filter { $0.hasPrefix("    ") }.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(reasonLines == "no rh_entry symbol: not a RefreshHost plugin (is rh_entry exported with default visibility?)",
                "\(r.stdout)")

        // Narrower still (50 columns): the refusal's reason is read whole, not "refused: n…".
        let narrow = try cli(["list", "--plugin-path", folder], extra: ["COLUMNS": "50"]).stdout.split(separator: "\n")
        #expect(!narrow.contains { $0.contains("…)") || $0.contains("rejected: ") }, "\(narrow)")
        #expect(narrow.filter { $0.hasPrefix("    ") }.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
                .hasSuffix("(is rh_entry exported with default visibility?)"), "\(narrow)")
        // Machine output ignores the width.
        let json = try cli(["list", "--json", "--plugin-path", folder], extra: ["COLUMNS": "60"])
        #expect(json.stdout == (try cli(["list", "--json", "--plugin-path", folder])).stdout)
    }

    // MARK: colour

    @Test("list colours statuses on a terminal; not with NO_COLOR or TERM=dumb; an empty NO_COLOR does not count", .enabled(if: Tmux.available),
          arguments: [("", true), ("NO_COLOR=1 ", false), ("TERM=dumb ", false), ("NO_COLOR= ", true)])
    func listColour(prefix: String, coloured: Bool) throws {
        let (dir, folder) = try plugins()
        defer { dir.remove() }
        let run = try inTerminal(prefix + command(["list", "--plugin-path", folder]))
        let loaded = run.colours.split(separator: "\n").first { $0.contains("loaded") }.map(String.init) ?? ""
        let rejected = run.colours.split(separator: "\n").first { $0.contains("rejected") }.map(String.init) ?? ""
        if coloured {
            #expect(loaded.contains(Self.escape + "32m"), "\(loaded)")
            #expect(rejected.contains(Self.escape + "31m"), "\(rejected)")
        } else {
            #expect(!run.colours.contains(Self.escape), "\(run.colours)")
        }
    }

    @Test("--color never on a terminal and a pipe inside one: no colour; --color always: colour in a pipe", .enabled(if: Tmux.available))
    func explicitColour() throws {
        let never = try inTerminal(command(["list", "--color", "never"]))
        #expect(!never.colours.contains(Self.escape) && never.screen.contains("loaded"))
        let piped = try inTerminal(command(["list"]) + " | cat")
        #expect(!piped.colours.contains(Self.escape) && piped.screen.contains("loaded"))
        let always = try cli(["list", "--color", "always"], extra: ["NO_COLOR": "1"])
        #expect(always.stdout.contains(Self.escape + "32mloaded" + Self.escape + "0m"))
    }

    @Test("the README and --help say what the code does with NO_COLOR: only a non-empty value turns colour off")
    func noColorDocumented() throws {
        let readme = try String(contentsOfFile: TestPaths.repository + "/README.md", encoding: .utf8)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(readme.contains("never with `NO_COLOR` set to a non-empty value"), "the README's colour rule")
        #expect(!readme.contains("`NO_COLOR` set (to anything)"))
        let help = try cli(["--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("not with a non-empty NO_COLOR"), "\(help)")
    }

    @Test("Error: is red when stderr is a terminal, whatever stdout is; plain on a pipe and with NO_COLOR", .enabled(if: Tmux.available))
    func errorPrefix() throws {
        let tty = try inTerminal(command(["list", "--no-such-option"]) + " > /dev/null")
        let line = tty.colours.split(separator: "\n").first { $0.contains("Error:") }.map(String.init) ?? ""
        #expect(line.contains("31m") && line.contains("Unknown option '--no-such-option'"), "\(line)")
        let piped = try inTerminal(command(["list", "--no-such-option"]) + " 2>&1 | cat")
        #expect(piped.screen.contains("Error: Unknown option") && !piped.colours.contains(Self.escape), "\(piped.colours)")
        let noColor = try inTerminal("NO_COLOR=1 " + command(["list", "--no-such-option"]))
        #expect(noColor.screen.contains("Error: Unknown option") && !noColor.colours.contains(Self.escape))
        let pipe = try cli(["list", "--no-such-option"])
        #expect(pipe.status == 2 && pipe.stderr.hasPrefix("Error: Unknown option"))
    }

    @Test("validate colours each status; the same report without colour on a pipe", .enabled(if: Tmux.available))
    func validateColour() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugin = try Fixture.build("valid_minimal", into: dir.path)
        let run = try inTerminal(command(["validate", plugin, "--seed", "1", "--only", "loading"]))
        let passed = run.colours.split(separator: "\n").first { $0.hasPrefix("loading.dlopen") }.map(String.init) ?? ""
        #expect(passed.contains(Self.escape + "32mpassed"), "\(passed)")
        let pipe = try cli(["validate", plugin, "--seed", "1", "--only", "loading"])
        #expect(pipe.stdout.contains("loading.dlopen") && !pipe.stdout.contains(Self.escape))
    }

    // MARK: --quiet and --verbose

    @Test("--quiet and --verbose together are a usage error: status 2, one line",
          arguments: [["list"], ["validate", "x.so"], ["render", "yelp", "--out", "x.gif"], ["info", "yelp"]])
    func quietVerboseConflict(arguments: [String]) throws {
        let r = try cli(arguments + ["--quiet", "--verbose"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("Error: --quiet and --verbose") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(try cli(arguments + ["-q", "-v"]).status == 2)
    }

    @Test("--quiet drops the host's warnings from render, not the file or the exit status; errors still print")
    func quiet() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("bad_values", into: dir.path)
        let out = dir.path + "/bad.png"
        let loud = try cli(["render", "test.fixture.bad_values", "--out", out, "--plugin-path", dir.path])
        #expect(loud.status == 0 && loud.stderr.contains("is out of range"), "\(loud.stderr)")
        try FileManager.default.removeItem(atPath: out)
        let quiet = try cli(["render", "test.fixture.bad_values", "--out", out, "--plugin-path", dir.path, "-q"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
        let error = try cli(["render", "no-such-style", "--out", out, "-q"])
        #expect(error.status != 0 && error.stderr.hasPrefix("Error: "))
    }

    @Test("--verbose on a pipe: the search path, where the style came from, the worker, what the plugin printed; plain lines")
    func verboseRender() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugin = try Fixture.build("ctor_prints", into: dir.path)
        let r = try cli(["render", "test.fixture.ctor_prints", "--out", dir.path + "/p.png", "--plugin-path", dir.path, "-v"])
        #expect(r.status == 0, "\(r.stderr)")
        for expected in ["search path: \(dir.path) (--plugin-path)", "from \(plugin)", "started for test.fixture.ctor_prints",
                         "the plugin printed:", "  | ctor_prints: hello from a constructor", "exited with status 0"] {
            #expect(r.stderr.contains(expected), "missing '\(expected)' in \(r.stderr)")
        }
        #expect(!r.stderr.contains("\r") && !r.stderr.contains(Self.escape))
        #expect(r.stdout.isEmpty)
        // Without --verbose, what the plugin printed stays out of sight.
        let plain = try cli(["render", "test.fixture.ctor_prints", "--out", dir.path + "/p.png", "--plugin-path", dir.path])
        #expect(plain.stderr.isEmpty, "\(plain.stderr)")
    }

    @Test("validate --verbose shows what the plugin printed in each check's child; without it, nothing")
    func verboseValidate() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugin = try Fixture.build("ctor_prints", into: dir.path)
        let v = try cli(["validate", plugin, "--seed", "1", "--only", "loading.entry", "-v"])
        #expect(v.status == 0, "\(v.stderr)")
        #expect(v.stderr.contains("validate: loading.entry: the plugin printed:\n  | ctor_prints: hello from a constructor\n"),
                "\(v.stderr)")
        #expect(v.stderr.contains("  | ctor_prints: init(\(plugin))"))
        let plain = try cli(["validate", plugin, "--seed", "1", "--only", "loading.entry"])
        #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
        #expect(!plain.stdout.contains("hello from a constructor") && !v.stdout.contains("hello from a constructor"))
    }

    // MARK: progress

    @Test("validate on a terminal: a progress line naming the check, redrawn, then erased", .enabled(if: Tmux.available))
    func validateProgress() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugin = try Fixture.build("valid_minimal", into: dir.path)
        let run = try inTerminal(command(["validate", plugin, "--seed", "1"]))
        let total = try cli(["validate", "--list-checks"]).stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.count
        #expect(run.bytes.contains("\r\u{1B}[Kvalidate: 0 of \(total) checks done, running loading.dlopen"), "\(run.bytes.prefix(400))")
        #expect(run.bytes.contains("of \(total) checks done, running fuzzing."))
        // Erased before the report: the screen holds the report and no progress.
        #expect(!run.screen.contains("checks done"), "\(run.screen)")
        #expect(run.screen.contains("passed") && run.screen.contains("[exited 0]"))
    }

    @Test("validate through a pipe: no progress on stderr; with --verbose each check's line, plain")
    func validatePipe() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugin = try Fixture.build("valid_minimal", into: dir.path)
        let r = try cli(["validate", plugin, "--seed", "1", "--only", "loading"])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let v = try cli(["validate", plugin, "--seed", "1", "--only", "loading", "-v"])
        let loading = try cli(["validate", "--list-checks"]).stdout.split(separator: "\n").filter { $0.hasPrefix("loading.") }.count
        #expect(v.stderr.contains("validate: [1/\(loading)] loading.dlopen: passed in "), "\(v.stderr)")
        #expect(!v.stderr.contains("\r") && !v.stderr.contains("checks done"))
    }

    @Test("validate --json: progress on the terminal's stderr, stdout the same document as through a pipe", .enabled(if: Tmux.available))
    func jsonUntouched() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugin = try Fixture.build("valid_minimal", into: dir.path)
        let file = dir.path + "/out.json"
        // Not loading.time: its detail is a measured time.
        let only = "loading.dlopen,loading.entry,loading.abi-version,loading.entry-table,loading.exports"
        let run = try inTerminal(command(["validate", plugin, "--seed", "1", "--only", only, "--json"]) + " > " + shellQuoted(file))
        #expect(run.bytes.contains("checks done, running loading."), "no progress was drawn: \(run.bytes)")
        let terminal = try String(contentsOfFile: file, encoding: .utf8)
        let piped = try cli(["validate", plugin, "--seed", "1", "--only", only, "--json"]).stdout
        // The checks' times differ from run to run; nothing else may.
        func untimed(_ json: String) -> String { json.replacing(/"seconds": ?[0-9.]+/, with: "\"seconds\": 0") }
        #expect(untimed(terminal) == untimed(piped))
        #expect(!terminal.contains("\r") && !terminal.contains(Self.escape) && !terminal.contains("checks done"))
    }

    @Test("render on a terminal: frames encoded of the total, redrawn, then erased; nothing through a pipe", .enabled(if: Tmux.available))
    func renderProgress() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let out = dir.path + "/yelp.gif"
        let run = try inTerminal(command(["render", "yelp", "--out", out, "--fps", "20"]))
        let drawn = run.bytes.matches(of: /render [^\r\n]*yelp\.gif: (\d+) of (\d+) frames/).map { (Int($0.1)!, Int($0.2)!) }
        #expect(!drawn.isEmpty, "\(run.bytes.prefix(400))")
        #expect(drawn.map(\.0) == drawn.map(\.0).sorted() && Set(drawn.map(\.1)).count == 1, "\(drawn)")
        #expect(!run.screen.contains("frames") && run.screen.contains("[exited 0]"), "\(run.screen)")
        let pipe = try cli(["render", "yelp", "--out", out, "--fps", "20"])
        #expect(pipe.status == 0 && pipe.stderr.isEmpty && pipe.stdout.isEmpty)
    }

    @Test("gallery on a terminal: styles done of the total with the ones being worked on, then erased", .enabled(if: Tmux.available))
    func galleryProgress() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        // The progress lines are what is checked: 1x (2x cost 6 s more CPU); every update is shown (forced), however fast.
        let run = try inTerminal(command(["gallery", "--out", dir.path + "/g", "--no-validate", "--fps", "10",
                                          "--refresh", "0.5", "--jobs", "2", "--scale", "1"]))
        let n = TestPaths.bundledStyleCount
        #expect(run.bytes.contains("gallery: 0 of \(n) styles done, working on "), "\(run.bytes.prefix(400))")
        #expect(run.bytes.contains("gallery: \(n - 1) of \(n) styles done"))
        #expect(!run.screen.contains("styles done") && run.screen.contains("\(n) card(s)"), "\(run.screen)")
    }
}
