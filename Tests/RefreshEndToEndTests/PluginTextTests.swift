import Foundation
import Testing

/// A plugin's text and its file's name reach the terminal with their control
/// characters written out (docs/cli.md), and JSON carries them exactly: the
/// `hostile_text` fixture's name, vendor, description and log line hold
/// escape sequences, CR, LF (a forged "Error:" line) and U+202E, and its
/// file's name an escape sequence.
@Suite(.tags(.endToEnd)) struct PluginTextTests {
    static let name = "Hostile\u{1B}[31m Text\r\nError: forged name\u{202E}eman\nError: 2nd"
    static let vendor = "Evil\u{1B}]0;pwned\u{07} Corp"
    static let description = "line one\nError: forged description\rX\u{1B}[2J\u{202E}end"
    static let shownName = #"Hostile\e[31m Text\r\nError: forged name\u{202E}eman\nError: 2nd"#
    static let shownVendor = #"Evil\e]0;pwned\x07 Corp"#
    static let shownDescription = #"line one\nError: forged description\rX\e[2J\u{202E}end"#
    static let shownLog = #"log\e[31m red\r\nError: forged log line\u{202E}"#
    static let fileStem = "hostile\u{1B}[7mtext"

    /// The fixture built into a fresh folder under a file name holding ESC [7m.
    struct Plugin {
        let dir = TemporaryDirectory()
        let file: String
        init() throws { file = try Fixture.build("hostile_text", into: dir.path, output: PluginTextTests.fileStem) }

        func cli(_ arguments: [String]) throws -> ProcessResult {
            let env = ["HOME": dir.path + "/home", "PATH": "/usr/bin:/bin", "REFRESH_HOST_PLUGIN_PATH": dir.path]
            return try runProcess(TestPaths.cli, arguments, environment: env)
        }
    }

    /// No byte a terminal obeys or reorders: no ESC (colour is off), CR, BEL,
    /// raw U+202E, and no line that a newline inside a field started.
    func expectInert(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!text.utf8.contains { $0 == 0x1B || $0 == 0x0D || $0 == 0x07 }, "\(what): \(text.debugDescription)",
                sourceLocation: sourceLocation)
        #expect(!text.unicodeScalars.contains("\u{202E}"), "\(what): raw U+202E", sourceLocation: sourceLocation)
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("Error: forged") || $0.hasPrefix("Error: 2nd") },
                "\(what): a forged line: \(text.debugDescription)", sourceLocation: sourceLocation)
    }

    /// The file's name as the host shows it.
    func shownFile(_ plugin: Plugin) -> String { plugin.dir.path + #"/libhostile\e[7mtext.so"# }

    @Test("list: the name and the file's name written out; with colour, only the host's own escapes; JSON exact")
    func list() throws {
        let plugin = try Plugin()
        defer { plugin.dir.remove() }
        let table = try plugin.cli(["list", "--color", "never"])
        #expect(table.status == 0)
        expectInert(table.stdout + table.stderr, "list")
        let row = try #require(table.stdout.split(separator: "\n").first { $0.hasPrefix("test.fixture.hostile_text") })
        #expect(row.contains(Self.shownName) && row.contains(shownFile(plugin)), "\(row)")

        let coloured = try plugin.cli(["list", "--color", "always"])
        for raw in ["\u{1B}[31m Text", "\u{1B}[7mtext", "\u{1B}]0;"] { #expect(!coloured.stdout.contains(raw)) }
        #expect(coloured.stdout.contains("\u{1B}["), "the host's own colour is still there")

        let json = try plugin.cli(["list", "--json"])
        expectInert(json.stdout, "list --json")
        let plugins = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["plugins"] as? [[String: Any]])
        let mine = try #require(plugins.first { $0["id"] as? String == "test.fixture.hostile_text" })
        #expect(mine["name"] as? String == Self.name)
        #expect(mine["file"] as? String == plugin.file)
    }

    @Test("info: every value written out on its own line; info --json round-trips the exact strings")
    func info() throws {
        let plugin = try Plugin()
        defer { plugin.dir.remove() }
        let info = try plugin.cli(["info", "hostile_text", "--color", "never"])
        #expect(info.status == 0)
        expectInert(info.stdout + info.stderr, "info")
        let lines = info.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("name") && $0.hasSuffix(Self.shownName) })
        #expect(lines.contains { $0.hasPrefix("vendor") && $0.hasSuffix(Self.shownVendor) })
        #expect(lines.contains { $0.hasPrefix("description") && $0.hasSuffix(Self.shownDescription) })
        #expect(lines.contains { $0.hasPrefix("file") && $0.hasSuffix(shownFile(plugin)) })

        let json = try plugin.cli(["info", "hostile_text", "--json"])
        expectInert(json.stdout, "info --json")
        let style = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(style["name"] as? String == Self.name)
        #expect(style["vendor"] as? String == Self.vendor)
        #expect(style["description"] as? String == Self.description)
    }

    @Test("run --no-live: the header and the plugin's log lines stay one line each, written out")
    func timeline() throws {
        let plugin = try Plugin()
        defer { plugin.dir.remove() }
        let run = try plugin.cli(["run", "hostile_text", "--no-live", "--refresh", "0.6", "--color", "never"])
        #expect(run.status == 0, "\(run.stderr)")
        expectInert(run.stdout + run.stderr, "run")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.first == Substring("\(Self.shownName) (test.fixture.hostile_text 1.0.0) from \(shownFile(plugin))"))
        #expect(lines.contains { $0.hasSuffix("[log] test.fixture.hostile_text#1: warning: " + Self.shownLog) })
        #expect(lines.filter { $0.contains("[log]") }.allSatisfy { $0.hasSuffix(Self.shownLog) })
    }

    @Test("validate: descriptors.strings fails, quoting the strings written out in the table; JSON quotes them exactly")
    func validate() throws {
        let plugin = try Plugin()
        defer { plugin.dir.remove() }
        let table = try plugin.cli(["validate", plugin.file, "--only", "descriptors.strings", "--color", "never"])
        #expect(table.status == 1, "\(table.stdout)\(table.stderr)")
        expectInert(table.stdout + table.stderr, "validate")
        #expect(table.stdout.hasPrefix("refresh-host validate \(shownFile(plugin)):"))
        #expect(table.stdout.contains("  actual:    style 0: name \"\(Self.shownName)\" has control characters"))
        #expect(table.stdout.contains("vendor \"\(Self.shownVendor)\""))

        let json = try plugin.cli(["validate", plugin.file, "--only", "descriptors.strings", "--json"])
        #expect(json.stdout.contains(#"style 0: name \"Hostile\u001b[31m Text\r\nError: forged name"#), "\(json.stdout)")
    }

    @Test("an error and a warning quoting the style's name: one line each, written out, the whole of it")
    func errorAndWarning() throws {
        let plugin = try Plugin()
        defer { plugin.dir.remove() }
        let error = try plugin.cli(["run", "hostile_text", "--no-live", "--param", "foo=1", "--color", "never"])
        #expect(error.status == 2)
        expectInert(error.stderr, "the error")
        let lines = error.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("Error: --param foo=1: \(Self.shownName) has no parameter foo"),
                "\(error.stderr)")

        let warning = try plugin.cli(["run", "hostile_text", "--no-live", "--pull", "20", "--color", "never"])
        #expect(warning.status == 0)
        expectInert(warning.stderr, "the warning")
        #expect(warning.stderr.split(separator: "\n").contains { $0 == "warning: --pull 20: short of \(Self.shownName)'s 60 pt threshold; the refresh will not start" },
                "\(warning.stderr)")
    }

    @Test("a plugin crashing in this process (--in-process): the crash handler's line writes the file's name out too")
    func crashLine() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let file = try Fixture.build("ctor_abort", into: dir.path, output: "ctor\u{1B}[7mabort")
        let env = ["HOME": dir.path + "/home", "PATH": "/usr/bin:/bin"]
        let r = try runProcess(TestPaths.cli, ["validate", file, "--in-process", "--only", "loading.dlopen", "--color", "never"],
                               environment: env)
        // Died of SIGABRT: Foundation reports the signal (6), a shell 134.
        #expect(r.status == 6 || r.status == 134, "\(r.stderr)")
        expectInert(r.stdout + r.stderr, "the crash line")
        #expect(r.stderr.hasPrefix(dir.path + #"/libctor\e[7mabort.so crashed (SIGABRT) in the library's constructors"#)
                    || r.stderr.contains("Error: " + dir.path + #"/libctor\e[7mabort.so crashed (SIGABRT)"#), "\(r.stderr)")
    }

    @Test("the live preview's status line shows the name written out, on one row, and obeys none of it",
          .enabled(if: Tmux.available, "tmux is not installed"))
    func liveStatusLine() throws {
        let plugin = try Plugin()
        defer { plugin.dir.remove() }
        let cli = ([TestPaths.cli, "run", "hostile_text", "--plugin-path", plugin.dir.path]).map(shellQuoted).joined(separator: " ")
        let tmux = try Tmux("ulimit -c 0; HOME=\(shellQuoted(plugin.dir.path + "/home")) \(cli); printf '[exited %d]\\n' $?; sleep 30",
                            columns: 160, rows: 30)
        #expect(try tmux.waitForLastLine(containing: Self.shownName + " | idle | pull 0.00 | cycle 0"))
        let rows = try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!rows.contains { $0.hasPrefix("Error: forged") }, "a row the plugin's newline started")
        // The plugin's red (ESC [31m) would come back from tmux as a colour of its own; the host draws in truecolor only.
        let escaped = try tmux.screen(escapes: true)
        #expect(!escaped.contains("\u{1B}[31m") && !escaped.contains("\u{1B}[7m"), "the plugin's colour was obeyed")
        #expect(try tmux.format("#{pane_title}") != "pwned")
        try tmux.send("q")
        #expect(try tmux.waitForScreen(containing: "[exited 0]", history: true))
        #expect(try tmux.screen(history: true).contains("\(Self.shownName): 0 refresh(es)"))
    }
}
