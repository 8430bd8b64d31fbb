import Foundation

/// A private tmux server (its own socket, no config) holding one session of
/// a given size: a real terminal to run the CLI in, type into and read back.
public final class Tmux {
    public static let available: Bool = (try? runProcess("/usr/bin/env", ["tmux", "-V"]).status) == 0

    public let socket = "refresh-host-tests-\(getpid())-\(UUID().uuidString.prefix(8))"
    public let session = "live"
    private var serverPID: Int32 = 0
    private let home = TemporaryDirectory()

    /// Starts `shellCommand` (run by sh) in a `columns` x `rows` pane that
    /// stays, dead, after the command ends.
    public init(_ shellCommand: String, columns: Int = 100, rows: Int = 40) throws {
        // The server forks from this client and would inherit what the test
        // process hands every child: its blocked-signal mask (the test's threads
        // block most signals; a server that never sees them never exits and
        // never learns a pane's exit status) and every descriptor Foundation's
        // Process left open, among them the one it watches to see the child end
        // (the client would never be reaped). perl (Debian's perl-base is
        // essential) clears both before tmux starts.
        let arguments = base + ["new-session", "-d", "-s", session, "-x", "\(columns)", "-y", "\(rows)",
                                shellCommand, ";", "set-option", "-t", session, "remain-on-exit", "on"]
        let perl = "use POSIX; sigprocmask(SIG_SETMASK, POSIX::SigSet->new); POSIX::close($_) for 3..1023; "
            + "open(STDIN, '<', '/dev/null'); open(STDOUT, '>', '/dev/null'); open(STDERR, '>', '/dev/null'); "
            + "exec('tmux', @ARGV) or exit 127;"
        let r = try runProcess("/usr/bin/perl", ["-e", perl, "--"] + arguments, environment: environment)
        guard r.status == 0 else { throw FixtureError(message: "tmux new-session exited with \(r.status)") }
        serverPID = Int32(try format("#{pid}")) ?? 0
    }

    /// Ends the server for sure: kill-server, then SIGKILL if it is still there.
    private func stopServer() {
        _ = try? tmux(["kill-server"])
        guard serverPID > 0 else { return }
        for _ in 0..<40 where isRunning(serverPID) { Thread.sleep(forTimeInterval: 0.05) }
        if isRunning(serverPID) { kill(serverPID, SIGKILL) }
    }

    /// Alive and not a zombie (the daemonized server's parent is init, which
    /// may not reap it in a container).
    private func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first != "Z"
    }

    private var base: [String] { ["-L", socket, "-f", "/dev/null"] }
    private var environment: [String: String] { ["PATH": "/usr/bin:/bin", "HOME": home.path, "TERM": "xterm-256color"] }

    deinit {
        stopServer()
        home.remove()
    }

    @discardableResult
    public func tmux(_ arguments: [String]) throws -> ProcessResult {
        try runProcess("/usr/bin/env", ["tmux"] + base + arguments, environment: environment)
    }

    /// A tmux format of the pane, such as "#{alternate_on}".
    public func format(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", session, format]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The pane's text, with its scroll-back when `history`, with colour escapes when `escapes`.
    public func screen(history: Bool = false, escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", session] + (history ? ["-S", "-"] : []) + (escapes ? ["-e", "-N"] : []))
            .stdout
    }

    /// The last non-empty line on screen: the preview's status line while it runs.
    public func lastLine() throws -> String {
        try screen().split(separator: "\n").last.map(String.init) ?? ""
    }

    public func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", session] + keys)
    }

    /// Bytes typed as they are (an escape sequence, say).
    public func sendLiteral(_ text: String) throws {
        try tmux(["send-keys", "-t", session, "-l", text])
    }

    /// Polls until `condition` holds; false after `timeout` seconds. Not a
    /// timing assertion: a generous bound for a shared, slow machine.
    public func wait(timeout: Double = 30, _ condition: () throws -> Bool) rethrows -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return try condition()
    }

    public func waitForLastLine(containing text: String, timeout: Double = 30) throws -> Bool {
        try wait(timeout: timeout) { try lastLine().contains(text) }
    }

    public func waitForScreen(containing text: String, history: Bool = false, timeout: Double = 30) throws -> Bool {
        try wait(timeout: timeout) { try screen(history: history).contains(text) }
    }
}

/// `text` in single quotes for sh.
public func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
