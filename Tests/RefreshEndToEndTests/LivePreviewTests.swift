import Foundation
import Testing

/// `refresh-host run` in a real terminal (tmux): the live preview starts,
/// follows keys and the mouse, and leaves the terminal as it found it when
/// it quits, is interrupted, is killed, or its style crashes.
@Suite(.tags(.endToEnd), .enabled(if: Tmux.available, "tmux is not installed: the live preview's terminal tests are skipped"))
struct LivePreviewTests {
    /// sh runs the CLI, then reports its exit status and reads one typed line
    /// (so the terminal's state can be checked with the CLI gone), then exits
    /// with the CLI's status for #{pane_dead_status}.
    func start(_ arguments: [String]) throws -> Tmux {
        let cli = ([TestPaths.cli] + arguments).map(shellQuoted).joined(separator: " ")
        return try Tmux("ulimit -c 0; \(cli); s=$?; printf '[exited %d]\\n' $s; read -r line; "
                        + "printf '[typed %s]\\n' \"$line\"; exit $s")
    }

    var bundled: [String] { ["--plugin-path", TestPaths.bundledPlugins] }

    /// Checks, with the CLI gone, that the terminal is as before: main screen,
    /// cursor shown, no mouse reporting, and cooked mode (what is typed is
    /// echoed and a line is read); then that the pane ends with `status`.
    func expectRestored(_ tmux: Tmux, status: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try tmux.waitForScreen(containing: "[exited \(status)]", history: true), sourceLocation: sourceLocation)
        #expect(try tmux.format("#{alternate_on}") == "0", sourceLocation: sourceLocation)
        #expect(try tmux.format("#{cursor_flag}") == "1", sourceLocation: sourceLocation)
        #expect(try tmux.format("#{mouse_any_flag}") == "0", sourceLocation: sourceLocation)
        try tmux.sendLiteral("cooked")
        #expect(try tmux.waitForScreen(containing: "cooked", history: true), "no echo: still raw?", sourceLocation: sourceLocation)
        try tmux.send("Enter")
        // The line read back ends in what was typed. About one run in five,
        // after a Ctrl-C or a failure ending, the first Enter shows no line
        // for 30 s although the echo shows cooked mode (cause not found yet;
        // see the note on issue 27): a second Enter is sent once, and the
        // screen is printed if even that reads nothing.
        var typed = try tmux.wait(timeout: 10) { try tmux.screen(history: true).contains("cooked]") }
        if !typed {
            try tmux.send("Enter")
            typed = try tmux.wait(timeout: 20) { try tmux.screen(history: true).contains("cooked]") }
        }
        let shown = try tmux.screen(history: true).suffix(400)
        #expect(typed, "no line read back: \(shown)", sourceLocation: sourceLocation)
        #expect(try tmux.wait { try tmux.format("#{pane_dead}") == "1" }, sourceLocation: sourceLocation)
        // tmux 3.3a sometimes marks the pane dead on the pty's close and never
        // fills #{pane_dead_status} in (about one run in two here, even with a
        // clean signal mask); when it does, it must be the CLI's. "[exited N]"
        // above, from the shell that waited for the CLI, always is.
        let dead = try tmux.format("#{pane_dead_status}")
        #expect(dead.isEmpty || dead == "\(status)", "pane_dead_status \(dead)", sourceLocation: sourceLocation)
    }

    @Test("yelp live: status line, keys pull to armed, Space refreshes, e ends, r restarts, q restores the terminal")
    func keyboard() throws {
        let tmux = try start(["run", "yelp"] + bundled)
        #expect(try tmux.waitForLastLine(containing: "Yelp | idle | pull 0.00 | cycle 0"))
        #expect(try tmux.format("#{alternate_on} #{cursor_flag} #{mouse_any_flag}") == "1 0 1")
        let colours = try tmux.screen(escapes: true)
        #expect(colours.contains("\u{2580}") && colours.contains("[38;2;") && colours.contains("[48;2;"),
                "no truecolor half blocks on screen")

        // Down, again and again: key repeat.
        for _ in 0..<16 {
            try tmux.send("Down")
            Thread.sleep(forTimeInterval: 0.03)
        }
        #expect(try tmux.waitForLastLine(containing: "| armed | pull 1.00 |"))
        try tmux.send("Space")
        #expect(try tmux.waitForLastLine(containing: "| refreshing |"))
        #expect(try tmux.waitForLastLine(containing: "| cycle 2 |"))
        try tmux.send("e")
        #expect(try tmux.waitForLastLine(containing: "Yelp | idle |"))
        try tmux.send("r")
        #expect(try tmux.waitForLastLine(containing: "| refreshing |"))

        // A resize (SIGWINCH): laid out again for 60 x 20 and redrawn in full,
        // the status line on the new last row, the phone's cells above it.
        try tmux.tmux(["resize-window", "-t", tmux.session, "-x", "60", "-y", "20"])
        #expect(try tmux.wait {
            let rows = try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false)
            return rows.count >= 20 && rows[19].hasPrefix("Yelp | refreshing |") && rows[19].count == 60
                && rows[0..<19].allSatisfy { $0.count <= 60 } && rows[10].contains("\u{2580}")
        })
        try tmux.send("e")
        #expect(try tmux.waitForLastLine(containing: "Yelp | idle |"))
        try tmux.send("q")
        try expectRestored(tmux, status: 0)
        #expect(try tmux.screen(history: true).contains("Yelp: 2 refresh(es)"))
    }

    @Test("ABI 1.3 live: the status line says what a screen reader would; f ends the refresh as a failure")
    func cuesAndFailure() throws {
        let tmux = try start(["run", "yikyak"] + bundled)
        #expect(try tmux.waitForLastLine(containing: "Yik Yak | idle |"))
        try tmux.send("r")
        #expect(try tmux.waitForLastLine(containing: "| refreshing | pull 1.00 | cycle 1 | says \"Refreshing\" |"))
        try tmux.send("f")
        #expect(try tmux.waitForLastLine(containing: "says \"Refresh failed\""))
        #expect(try tmux.waitForLastLine(containing: "Yik Yak | idle |"))
        try tmux.send("q")
        try expectRestored(tmux, status: 0)
    }

    @Test("the mouse: press on the phone, drag down past the height, release: a refresh")
    func mouse() throws {
        let tmux = try start(["run", "yelp"] + bundled)
        #expect(try tmux.waitForLastLine(containing: "Yelp | idle |"))
        // SGR reports as a terminal sends them: button 0 at column 50 of row 1,
        // dragged to row 40 (the whole phone: 300 pt of finger, 106 pt shown
        // through the rubber band, past Yelp's 100).
        try tmux.sendLiteral("\u{1B}[<0;50;1M")
        for row in stride(from: 3, through: 40, by: 3) + [40] {
            try tmux.sendLiteral("\u{1B}[<32;50;\(row)M")
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(try tmux.waitForLastLine(containing: "| armed |"))
        try tmux.sendLiteral("\u{1B}[<0;50;40m")
        #expect(try tmux.waitForLastLine(containing: "| refreshing |"))
        // A press outside the phone (column 100 of 100, beside it) is no finger.
        try tmux.send("e")
        #expect(try tmux.waitForLastLine(containing: "Yelp | idle |"))
        try tmux.sendLiteral("\u{1B}[<0;100;5M\u{1B}[<32;100;35M")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try tmux.lastLine().contains("Yelp | idle | pull 0.00"))
        try tmux.send("q")
        try expectRestored(tmux, status: 0)
    }

    @Test("Ctrl-C (byte 3 in raw mode) and SIGTERM restore the terminal and end by the signal",
          arguments: ["ctrl-c", "sigterm"])
    func interrupted(how: String) throws {
        let tmux = try start(["run", "snapchat"] + bundled)
        #expect(try tmux.waitForLastLine(containing: "| idle |"))
        try tmux.send("r")
        #expect(try tmux.waitForLastLine(containing: "| refreshing |"))
        if how == "ctrl-c" {
            try tmux.send("C-c")
        } else {
            let shell = try tmux.format("#{pane_pid}")
            let child = try runProcess("/usr/bin/env", ["pgrep", "-P", shell]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(!child.isEmpty)
            try runProcess("/usr/bin/env", ["kill", "-TERM", child])
        }
        try expectRestored(tmux, status: how == "ctrl-c" ? 128 + 2 : 128 + 15)
    }

    @Test("kill -9 of the worker that runs the style: the command restores the terminal and says so in one line")
    func workerKilled() throws {
        let tmux = try start(["run", "yelp"] + bundled)
        #expect(try tmux.waitForLastLine(containing: "Yelp | idle |"))
        let shell = try tmux.format("#{pane_pid}")
        let cli = try runProcess("/usr/bin/env", ["pgrep", "-P", shell]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let worker = try runProcess("/usr/bin/env", ["pgrep", "-P", cli]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!cli.isEmpty && !worker.isEmpty, "cli \(cli), worker \(worker)")
        try runProcess("/usr/bin/env", ["kill", "-KILL", worker])
        try expectRestored(tmux, status: 4)
        let screen = try tmux.screen(history: true).split(separator: "\n").joined()
        #expect(screen.contains("Error: the worker running com.refreshhost.yelp (") && screen.contains("was killed (SIGKILL"),
                "\(screen)")
    }

    @Test("a style that crashes (SIGSEGV) in its cycle: its worker dies, the terminal is restored, one line names the style and the callback")
    func crash() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let file = try Fixture.build("live_crash_in_cycle", into: dir.path)
        let tmux = try start(["run", "live_crash_in_cycle", "--plugin-path", dir.path])
        #expect(try tmux.waitForLastLine(containing: "Fixture live_crash_in_cycle | idle |"))
        #expect(try tmux.format("#{alternate_on}") == "1")
        try tmux.send("r")
        try expectRestored(tmux, status: 4)
        let lines = try tmux.screen(history: true).split(separator: "\n").map(String.init)
        let said = "Error: test.fixture.live_crash_in_cycle (\(file)) crashed in cycle() with SIGSEGV"
        // The pane is 100 columns wide: the line may wrap.
        #expect(lines.joined().contains(said), "\(lines)")
    }

    @Test("--in-process: the plugin's crash takes the command down, but the terminal is restored and one line says so")
    func crashInProcess() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("live_crash_in_cycle", into: dir.path)
        let tmux = try start(["run", "live_crash_in_cycle", "--plugin-path", dir.path, "--in-process"])
        #expect(try tmux.waitForLastLine(containing: "Fixture live_crash_in_cycle | idle |"))
        try tmux.send("r")
        try expectRestored(tmux, status: 128 + 11)
        let lines = try tmux.screen(history: true).split(separator: "\n")
        #expect(lines.filter { $0 == "Fixture live_crash_in_cycle crashed (SIGSEGV); terminal restored" }.count == 1,
                "\(lines)")
    }

    @Test("--no-live prints the timeline in a terminal too")
    func noLive() throws {
        let tmux = try start(["run", "yahoo", "--no-live"] + bundled)
        #expect(try tmux.waitForScreen(containing: "[exited 0]", history: true))
        let text = try tmux.screen(history: true)
        #expect(text.contains("did-start-cycle 1") && text.contains("back to idle"))
        #expect(try tmux.format("#{alternate_on}") == "0")
    }
}
