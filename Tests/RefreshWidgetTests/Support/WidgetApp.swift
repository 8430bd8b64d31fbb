import Foundation
import RefreshTestSupport
import Synchronization

/// A window under test: a child process on the suite's X server that prints
/// one line per event on stdout and takes commands on stdin (the test app,
/// Widget/test-app, or the Python example). Lines are collected as they come;
/// tests wait for the one they expect with a deadline, never a fixed sleep.
final class WidgetApp: Sendable {
    private let process: Process
    private let input: FileHandle
    private let collected = Locked<[String]>([])
    private let errors = Locked<String>("")
    let title: String
    /// Whether it takes commands on stdin (the test app) or ignores them (the Python example).
    let readsCommands: Bool

    /// `broadway`: a Broadway display (":N") to show the window on instead of the suite's X server.
    init(_ executable: String, _ arguments: [String], title: String, environment extra: [String: String] = [:],
         readsCommands: Bool = true, broadway: String? = nil) throws {
        self.title = title
        self.readsCommands = readsCommands
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        if let broadway {
            environment["GDK_BACKEND"] = "broadway"
            environment["BROADWAY_DISPLAY"] = broadway
            // GSK's default renderer: with cairo's, Broadway's page stays blank.
            environment.removeValue(forKey: "GSK_RENDERER")
            environment.removeValue(forKey: "DISPLAY")
        } else {
            environment["DISPLAY"] = try XServer.get().display
            environment["GDK_BACKEND"] = "x11"
            // The cairo renderer: no GL under Xvfb to wait for, the same pixels every run.
            environment["GSK_RENDERER"] = "cairo"
        }
        environment["NO_AT_BRIDGE"] = "1"
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let stdinPipe = Pipe(), stdoutPipe = Pipe(), stderrPipe = Pipe()
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        input = stdinPipe.fileHandleForWriting
        try process.run()
        let lines = collected
        let reader = stdoutPipe.fileHandleForReading
        Thread.detachNewThread {
            var buffer = Data()
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                    buffer.removeSubrange(buffer.startIndex...newline)
                    lines.withLock { $0.append(line) }
                }
            }
        }
        let errorText = errors
        let errorReader = stderrPipe.fileHandleForReading
        Thread.detachNewThread {
            while true {
                let chunk = errorReader.availableData
                if chunk.isEmpty { break }
                errorText.withLock { $0 += String(decoding: chunk, as: UTF8.self) }
            }
        }
    }

    var isRunning: Bool { process.isRunning }
    var pid: Int32 { process.processIdentifier }

    /// The app's `refresh-host worker` children (the styles' processes), by pid, from /proc.
    var workers: [Int32] {
        let me = pid
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { child in
            guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, Int32(fields[1]) == me else { return false }
            let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(child)/cmdline"))) ?? Data()
            return command.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == "worker" }
        }.sorted()
    }
    var lines: [String] { collected.withLock { $0 } }
    /// How many lines have come so far: pass it as `after` to look only at later ones.
    var mark: Int { collected.withLock { $0.count } }
    var stderr: String { errors.withLock { $0 } }

    func lines(after mark: Int) -> [String] { Array(lines.dropFirst(mark)) }

    func send(_ command: String) throws {
        guard process.isRunning else { throw FixtureError(message: "\(title) is gone; stderr:\n\(stderr)") }
        try input.write(contentsOf: Data((command + "\n").utf8))
    }

    /// The first line after `mark` that `predicate` accepts, waiting up to `timeout` seconds for it.
    @discardableResult
    func waitFor(after mark: Int = 0, timeout: Double = 20, _ what: String = "a line",
                 _ predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let line = lines(after: mark).first(where: predicate) { return line }
            if Date() > deadline || !process.isRunning {
                throw FixtureError(message: "\(title): no \(what) within \(timeout) s (running: \(process.isRunning));"
                                   + " lines:\n\(lines.suffix(30).joined(separator: "\n"))\nstderr:\n\(stderr.suffix(3000))")
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    func waitFor(line: String, after mark: Int = 0, timeout: Double = 20) throws {
        try waitFor(after: mark, timeout: timeout, "'\(line)'") { $0 == line }
    }

    /// The view's frame now (the test app's `query`).
    func query() throws -> Frame {
        let before = mark
        try send("query")
        return Frame(try waitFor(after: before, timeout: 10, "frame line") { $0.hasPrefix("frame ") })
    }

    /// Queries until `done` holds, up to `timeout` seconds.
    @discardableResult
    func waitForFrame(timeout: Double = 10, _ what: String, _ done: (Frame) -> Bool) throws -> Frame {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try query()
        while !done(last) {
            if Date() > deadline { throw FixtureError(message: "\(title): no frame with \(what) in \(timeout) s; last: \(last.line)") }
            Thread.sleep(forTimeInterval: 0.03)
            last = try query()
        }
        return last
    }

    /// Ends the window: `quit` for the test app (it reads commands), SIGTERM for a program that
    /// reads none (the Python example); killed if still up after 5 s.
    func stop() {
        if process.isRunning {
            if readsCommands { try? send("quit") } else { process.terminate() }
        }
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? input.close()
    }
}

/// One `frame` line: "frame state=3 pull=60.00 header=60.00 inset=60.00 scroll=0.00 paints=12 bounds=0,0,400,500".
struct Frame {
    let line: String
    let values: [String: String]

    init(_ line: String) {
        self.line = line
        var values: [String: String] = [:]
        for word in line.split(separator: " ").dropFirst() {
            let parts = word.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        self.values = values
    }

    func number(_ key: String) -> Double { Double(values[key] ?? "") ?? .nan }
    var state: Int { Int(values["state"] ?? "") ?? -1 }
    var pull: Double { number("pull") }
    var header: Double { number("header") }
    var inset: Double { number("inset") }
    var scroll: Double { number("scroll") }
    var paints: Int { Int(values["paints"] ?? "") ?? -1 }
    /// The touch events the window got so far: begins, updates, ends (and cancels).
    var touches: (begins: Int, updates: Int, ends: Int) {
        let parts = (values["touches"] ?? "").split(separator: ",").compactMap { Int($0) }
        return parts.count == 3 ? (parts[0], parts[1], parts[2]) : (-1, -1, -1)
    }
    /// The view's rectangle on the screen (the window sits at 0,0: no window manager).
    var bounds: (x: Int, y: Int, width: Int, height: Int) {
        let parts = (values["bounds"] ?? "").split(separator: ",").compactMap { Int($0) }
        return parts.count == 4 ? (parts[0], parts[1], parts[2], parts[3]) : (0, 0, 0, 0)
    }
}

/// The refresh states, as the widget numbers them (RhRefreshState).
enum ViewState {
    static let idle = 0, pulling = 1, armed = 2, refreshing = 3
}

/// A value shared with the reader threads (a class, so closures can hold it).
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<R>(_ body: (inout Value) -> R) -> R { mutex.withLock { body(&$0) } }
}
