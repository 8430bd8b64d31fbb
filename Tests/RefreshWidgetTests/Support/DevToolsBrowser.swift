import Foundation
import RefreshTestSupport

/// Headless Chromium driven over the DevTools protocol on a pipe
/// (--remote-debugging-pipe: it reads commands on its fd 3 and writes replies
/// on its fd 4, JSON messages each ended by a NUL byte). It drives the page
/// it starts with (a new target would not run requestAnimationFrame, which
/// Broadway's page draws in). Used from one thread: not Sendable.
final class DevToolsBrowser {
    static let path = "/usr/bin/chromium"

    private let pid: pid_t
    private let commands: Int32 // our end of its fd 3
    private let replies: Int32  // our end of its fd 4
    private let profile = TemporaryDirectory()
    private var buffer: [UInt8] = []
    private var lastID = 0
    private var session: String?

    init(width: Int, height: Int) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.path) else {
            throw FixtureError(message: "no \(Self.path): run the tests with `make test` (it installs chromium)")
        }
        var toBrowser: [Int32] = [0, 0], fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else {
            throw FixtureError(message: "pipe: \(String(cString: strerror(errno)))")
        }
        for fd in toBrowser + fromBrowser { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // dup2 leaves the copies open across exec (the originals are close-on-exec).
        posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
        // The test runner leaves nearly every signal blocked in its children (see the test app's main).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        // Root in a container has no usable sandbox; the page is our own display.
        let arguments = [Self.path, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                         "--user-data-dir=" + profile.path, "--remote-debugging-pipe",
                         "--window-size=\(width),\(height)", "about:blank"]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, Self.path, &actions, &attributes, argv, environ)
        close(toBrowser[0])
        close(fromBrowser[1])
        guard status == 0 else {
            close(toBrowser[1])
            close(fromBrowser[0])
            profile.remove()
            throw FixtureError(message: "posix_spawn chromium: \(String(cString: strerror(status)))")
        }
        pid = child
        commands = toBrowser[1]
        replies = fromBrowser[0]
        do {
            try attachToPage()
        } catch {
            stop()
            throw error
        }
    }

    /// Its first page target, attached in flat mode: later calls go to that page.
    private func attachToPage() throws {
        let deadline = Date().addingTimeInterval(30)
        while true {
            let targets = try call("Target.getTargets")["targetInfos"] as? [[String: Any]] ?? []
            if let page = targets.first(where: { $0["type"] as? String == "page" }), let id = page["targetId"] as? String {
                session = try call("Target.attachToTarget", ["targetId": id, "flatten": true])["sessionId"] as? String
                return
            }
            if Date() > deadline { throw FixtureError(message: "chromium showed no page within 30 s") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Sends one command and waits (up to `timeout` s) for its reply; events in between are dropped.
    @discardableResult
    func call(_ method: String, _ params: [String: Any] = [:], timeout: Double = 30) throws -> [String: Any] {
        lastID += 1
        var message: [String: Any] = ["id": lastID, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            guard n > 0 else { throw FixtureError(message: "chromium closed its command pipe (\(method))") }
            sent += n
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let reply = try nextMessage(until: deadline, method)
            guard reply["id"] as? Int == lastID else { continue }
            if let error = reply["error"] { throw FixtureError(message: "chromium: \(method): \(error)") }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    private func nextMessage(until deadline: Date, _ method: String) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let raw = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                return try JSONSerialization.jsonObject(with: raw) as? [String: Any] ?? [:]
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw FixtureError(message: "chromium: no reply to \(method) in time") }
            var ready = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            if poll(&ready, 1, Int32(min(left, 1) * 1000)) <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { read(replies, $0.baseAddress, $0.count) }
            guard n > 0 else { throw FixtureError(message: "chromium closed its reply pipe (\(method))") }
            buffer += chunk[..<n]
        }
    }

    /// The value of a JavaScript expression in the page (JSON-able values only).
    @discardableResult
    func evaluate(_ expression: String) throws -> Any? {
        let result = try call("Runtime.evaluate", ["expression": expression, "returnByValue": true])
        if let exception = result["exceptionDetails"] {
            throw FixtureError(message: "page script failed: \(exception)")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Waits up to `timeout` s for `expression` to be true in the page.
    func waitUntil(_ expression: String, timeout: Double = 20, _ what: String) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while try evaluate(expression) as? Bool != true {
            if Date() > deadline { throw FixtureError(message: "the page: no \(what) within \(timeout) s") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// The page as it is shown now, written to `path` and decoded.
    func screenshot(_ path: String) throws -> DecodedPNG {
        let data = try call("Page.captureScreenshot", ["format": "png"])["data"] as? String ?? ""
        guard let png = Data(base64Encoded: data) else { throw FixtureError(message: "chromium sent no screenshot") }
        try png.write(to: URL(fileURLWithPath: path))
        return try DecodedPNG(path)
    }

    /// Ends the browser: SIGTERM, then SIGKILL if it is still up after 5 s.
    func stop() {
        close(commands) // a browser on a pipe also ends when the pipe closes
        close(replies)
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(5)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        profile.remove()
    }
}
