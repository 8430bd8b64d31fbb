import Foundation
import RefreshTestSupport

/// A GTK Broadway display (gtk4-broadwayd): GTK apps on it draw into a web
/// page at `url`, and touches a browser sends to that page reach them as real
/// GDK touch events, which Xvfb's XTest cannot make. Like the X server, it
/// runs under a shell that kills it when its stdin closes, so it ends with
/// this test process however that ends; `stop()` ends it sooner.
final class BroadwayDisplay: Sendable {
    static let daemon = "/usr/bin/gtk4-broadwayd"

    /// ":N", for BROADWAY_DISPLAY.
    let display: String
    /// The page that shows the display (port 8080 + N).
    let url: String
    private let keeper: Process
    private let keeperInput: Pipe
    private let daemonPID: Int32

    init() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.daemon) else {
            throw FixtureError(message: "no \(Self.daemon): run the tests with `make test` (it installs libgtk-4-bin)")
        }
        // Other test processes may hold a display: try numbers from one this process is unlikely to share.
        let first = 20 + Int(getpid() % 60)
        var lastError = ""
        for attempt in 0..<12 {
            let number = 20 + (first - 20 + attempt * 7) % 60
            let port = 8080 + number
            if Self.accepts(port: port) { continue } // someone serves there already
            let keeper = Process()
            keeper.executableURL = URL(fileURLWithPath: "/bin/sh")
            // The daemon leaves its socket behind when killed: the keeper removes it.
            let socket = Self.socketFolder + "/broadway\(number + 1).socket"
            keeper.arguments = ["-c", "\(Self.daemon) --address 127.0.0.1 --port \(port) :\(number) >/dev/null 2>&1 & d=$!; "
                                + "echo $d; read _; kill $d; for i in 1 2 3 4 5 6 7 8 9 10; do kill -0 $d 2>/dev/null || break; sleep 0.1; done; "
                                + "kill -9 $d 2>/dev/null; rm -f '\(socket)'"]
            let input = Pipe(), output = Pipe()
            keeper.standardInput = input
            keeper.standardOutput = output
            try keeper.run()
            let pid = Int32(Self.readLine(output.fileHandleForReading)) ?? 0
            // Up once it serves its page; a daemon that exits (its socket taken) leaves the next number to try.
            let deadline = Date().addingTimeInterval(10)
            while pid > 0 && kill(pid, 0) == 0 && !Self.accepts(port: port) && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.02)
            }
            if pid > 0 && kill(pid, 0) == 0 && Self.accepts(port: port) {
                display = ":\(number)"
                url = "http://127.0.0.1:\(port)/"
                self.keeper = keeper
                keeperInput = input
                daemonPID = pid
                Self.live.withLock { _ = $0.insert(pid) }
                _ = Self.killAtExit
                return
            }
            lastError = "gtk4-broadwayd :\(number) did not serve port \(port)"
            try? input.fileHandleForWriting.close()
            keeper.waitUntilExit()
        }
        throw FixtureError(message: "no Broadway display could start: \(lastError)")
    }

    func stop() {
        try? keeperInput.fileHandleForWriting.close()
        keeper.waitUntilExit()
        Self.live.withLock { _ = $0.remove(daemonPID) }
    }

    /// The daemons still up; killed when this process exits (the keeper shells are the fallback).
    private static let live = Locked<Set<Int32>>([])
    private static let killAtExit: Void = {
        atexit { BroadwayDisplay.live.withLock { $0.forEach { kill($0, SIGKILL) } } }
    }()

    /// Where GDK and the daemon put display N's socket (broadway<N+1>.socket): GLib's user runtime folder.
    private static var socketFolder: String {
        let environment = ProcessInfo.processInfo.environment
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return runtime }
        if let cache = environment["XDG_CACHE_HOME"], !cache.isEmpty { return cache }
        return NSHomeDirectory() + "/.cache"
    }

    private static func readLine(_ handle: FileHandle) -> String {
        var line = ""
        while let byte = try? handle.read(upToCount: 1), let c = byte.first, c != UInt8(ascii: "\n") {
            line.append(Character(UnicodeScalar(c)))
        }
        return line
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    private static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
