import Foundation
import RefreshTestSupport
import Testing

/// The live preview (`refresh-host run ID` in a terminal) with a plugin that
/// hangs, crashes, prints into the terminal or takes over the signals, in a
/// real terminal (tmux): q, Ctrl-C, SIGTERM and SIGHUP
/// still end it at once, the terminal comes back as it was (main screen,
/// cursor shown, no mouse reporting, cooked mode with echo), and nothing is
/// left running.
@Suite("Hostile plugins: the live preview", .enabled(if: Tmux.available, "tmux is not installed"))
struct HostileLivePreviewTests {
    enum Ending: String, Sendable, CaseIterable {
        case q, ctrlC = "ctrl-c", sigterm, sighup, crash

        /// The status the shell sees; nil where either way is fine (q after a failure).
        var status: Int? {
            switch self {
            case .q, .crash: nil
            case .ctrlC: 128 + 2
            case .sigterm: 128 + 15
            case .sighup: 128 + 1
            }
        }
    }

    struct LiveCell: Sendable {
        var item: HostileCase
        var ending: Ending
        var name: String { "\(item.name) live, \(ending.rawValue)" }
    }

    static let cells: [LiveCell] = {
        let busyCycle = HostileCase(kind: .plugin(.cycle, .hang_busy))
        let sleepTick = HostileCase(kind: .plugin(.tick, .hang_sleep))
        let stdinTick = HostileCase(kind: .plugin(.tick, .hang_read_stdin))
        let segvPull = HostileCase(kind: .plugin(.pull, .crash_segv))
        return [Ending.q, .ctrlC, .sigterm, .sighup].map { LiveCell(item: busyCycle, ending: $0) }
            + [Ending.q, .ctrlC, .sigterm, .sighup].map { LiveCell(item: sleepTick, ending: $0) }
            // A plugin reading the terminal competes with the preview for its keys.
            + [Ending.q, .ctrlC].map { LiveCell(item: stdinTick, ending: $0) }
            + [LiveCell(item: segvPull, ending: .crash)]
            // Text the plugin prints into the preview's terminal; handlers that ignore SIGTERM in its process.
            + [LiveCell(item: HostileCase(kind: .plugin(.cycle, .print_stdout)), ending: .q),
               LiveCell(item: HostileCase(kind: .plugin(.cycle, .signal_handlers)), ending: .sigterm)]
    }()

    @Test("a hang in cycle or tick, a crash in pull: q within 1 s, Ctrl-C, SIGTERM, SIGHUP; terminal restored; nothing left")
    func live() throws {
        let build = try HostileBuild(cases: Self.cells.map(\.item))
        defer { build.remove() }
        // Four terminals at a time: each cell mostly waits for tmux and for the hang to set in.
        let queue = Shared(Self.cells)
        let results = Shared<[(String, [String])]>([])
        let done = DispatchGroup()
        for _ in 0..<4 {
            done.enter()
            Thread.detachNewThread {
                defer { done.leave() }
                while let cell = queue.withLock({ $0.popLast() }) {
                    let found = (try? Self.run(cell, build)) ?? ["harness: tmux failed"]
                    results.withLock { $0.append((cell.name, found)) }
                }
            }
        }
        done.wait()
        let all = results.withLock { $0 }.sorted { $0.0 < $1.0 }
        for (name, found) in all { print("\(found.isEmpty ? "ok  " : "FAIL") \(name)\(found.isEmpty ? "" : ": " + found.joined(separator: "; "))") }
        let failed = all.filter { !$0.1.isEmpty }
        if !failed.isEmpty {
            Issue.record("\(failed.count) of \(all.count) live cells failed: \(failed.map { "\($0.0): \($0.1.first ?? "")" }.joined(separator: " | "))")
        }
    }

    /// One terminal: start the preview, bring the plugin to its entry point,
    /// let the hang set in, end it as the cell says, then look at what is left.
    static func run(_ cell: LiveCell, _ build: HostileBuild) throws -> [String] {
        var problems: [String] = []
        let item = cell.item
        let folder = build.root + "/live/" + cell.name.replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: ",", with: "")
        let plugins = folder + "/plugins"
        let fm = FileManager.default
        for sub in [plugins, folder + "/home", folder + "/cache"] { try fm.createDirectory(atPath: sub, withIntermediateDirectories: true) }
        try build.place(item, in: plugins)
        let marks = build.markDirectory(item)
        try? fm.removeItem(atPath: marks)
        try fm.createDirectory(atPath: marks, withIntermediateDirectories: true)

        // sh runs the CLI, reports its status and the terminal's modes once it
        // is gone, then reads one typed line (cooked mode echoes it) and shows
        // its lowercase letters (keys sent before the CLI went, the rest of a
        // pull, come first in that line as escape sequences), then exits with
        // the CLI's status.
        let environment = ["HOME=\(folder)/home", "XDG_CACHE_HOME=\(folder)/cache", "REFRESH_HOST_HOSTILE_CELL=\(folder)/"]
        let cli = (["env"] + environment + [TestPaths.cli, "run", item.styleID!, "--plugin-path", plugins]
                   + BudgetOptions.scan + BudgetOptions.liveBudget).map(shellQuoted).joined(separator: " ")
        let modes = "stty -a | tr ' ;' '\\n\\n' | grep -Ex -- '-?(icanon|echo)' | tr '\\n' ' '"
        let tmux = try Tmux("ulimit -c 0; \(cli); s=$?; printf '[exited %d]\\n' $s; printf '[stty %s]\\n' \"$(\(modes))\"; "
                            + "read -r line; printf '[typed %s]\\n' \"$(printf %s \"$line\" | tr -cd '[:lower:]')\"; exit $s")
        let exited = { (try? tmux.screen(history: true).contains("[exited ")) ?? false }

        // The preview is up (alternate screen), or already gone.
        if !tmux.wait(timeout: 15, { (try? tmux.format("#{alternate_on}")) == "1" || exited() }) {
            problems.append("the preview never started")
        }
        switch item.entryPoint {
        case .cycle?: try tmux.send("r")
        case .pull?:
            for _ in 0..<8 {
                try tmux.send("Down")
                Thread.sleep(forTimeInterval: 0.03)
            }
        default: break  // tick: every frame reaches it
        }
        let fired = tmux.wait(timeout: 10) { ((try? fm.contentsOfDirectory(atPath: marks)) ?? []).contains { HostileBuild.isMark($0, of: item) } }
        if !fired { problems.append("never reached \(item.entryPoint!.rawValue): the cell proves nothing") }
        Thread.sleep(forTimeInterval: 0.5)  // the hang is well in, the crash handled

        let sent = Date()
        switch cell.ending {
        case .q: try tmux.send("q")
        case .ctrlC: try tmux.send("C-c")
        case .sigterm, .sighup:
            let shell = try tmux.format("#{pane_pid}")
            let child = try runProcess("/usr/bin/env", ["pgrep", "-P", shell]).stdout
                .split(separator: "\n").first.map(String.init) ?? ""
            if child.isEmpty {
                problems.append("the CLI was gone before the signal")
            } else {
                _ = try runProcess("/usr/bin/env", ["kill", cell.ending == .sigterm ? "-TERM" : "-HUP", child])
            }
        case .crash:
            // It may end by itself (after restoring the terminal) or stay up
            // and say so; if it stays, q must end it like any other time.
            if !tmux.wait(timeout: 1, exited) { try tmux.send("q") }
        }
        if !tmux.wait(timeout: 10, exited) {
            problems.append("still running 10 s after \(cell.ending.rawValue)")
            let shell = try tmux.format("#{pane_pid}")
            _ = try? runProcess("/usr/bin/env", ["pkill", "-KILL", "-P", shell])
        } else if cell.ending != .crash {
            let took = Date().timeIntervalSince(sent)
            if took > 1 { problems.append(String(format: "took %.2f s to end after %@", took, cell.ending.rawValue)) }
        }
        _ = tmux.wait(timeout: 5) { (try? tmux.screen(history: true).contains("[stty ")) ?? false }

        // The terminal, with the CLI gone.
        let history = try tmux.screen(history: true)
        // A host without the budget options stops at its parser: say that once.
        if let unknown = history.split(separator: "\n").first(where: { $0.contains("Unknown option") }) {
            return ["usage error: \(unknown)"]
        }
        if let status = cell.ending.status, !history.contains("[exited \(status)]") {
            problems.append("expected [exited \(status)]: \(history.split(separator: "\n").filter { $0.contains("[exited") })")
        }
        if try tmux.format("#{alternate_on}") != "0" { problems.append("still on the alternate screen") }
        if try tmux.format("#{cursor_flag}") != "1" { problems.append("cursor hidden") }
        if try tmux.format("#{mouse_any_flag}") != "0" { problems.append("mouse reporting still on") }
        if !history.contains("[stty icanon echo ]") {
            problems.append("not cooked: \(history.split(separator: "\n").first { $0.contains("[stty") } ?? "no stty line")")
        }
        try tmux.sendLiteral("cooked")
        try tmux.send("Enter")
        // (Letters sent while no CLI was there to take them may come first in that line.)
        let typed = { (try? tmux.screen(history: true).split(separator: "\n")
            .contains { $0.hasPrefix("[typed ") && $0.hasSuffix("cooked]") }) ?? false }
        if !tmux.wait(timeout: 5, typed) {
            problems.append("a typed line did not come back: not cooked, or something still reads the terminal")
        }
        if cell.ending == .crash {
            let lines = history.split(separator: "\n").filter { line in item.names.contains { line.contains($0) } }
            if !lines.contains(where: { $0.contains("SIGSEGV") || $0.lowercased().contains("crash") }) {
                problems.append("no line names \(item.styleID!) and its crash")
            }
        }

        // Nothing left: no process that carries the cell's folder.
        // (tmux's server and the pane's shell carry the command line too: they are the test's.)
        let ours = Set([try tmux.format("#{pid}"), try tmux.format("#{pane_pid}")])
        let left = { (kill: Bool) in
            HostileBuild.processesNaming(folder + "/", andKill: kill, except: Set(ours.compactMap { Int32($0) }))
        }
        _ = tmux.wait(timeout: 1) { left(false).isEmpty }
        for process in left(true) { problems.append("left running: \(process.prefix(120))") }
        return problems
    }
}
