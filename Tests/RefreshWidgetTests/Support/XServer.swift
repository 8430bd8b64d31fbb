import Foundation
import RefreshTestSupport

/// The suite's one X server: Xvfb at 1024x768x24, started on first use. It
/// runs under a shell that kills it when its stdin closes, which happens when
/// this test process ends, however it ends: no server outlives the tests.
final class XServer: Sendable {
    static let shared: Result<XServer, FixtureError> = Result { try XServer() }.mapError {
        $0 as? FixtureError ?? FixtureError(message: "\($0)")
    }

    let display: String
    private let keeper: Process
    private let stdinPipe: Pipe

    private init() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") else {
            throw FixtureError(message: "no /usr/bin/Xvfb: run the tests with `make test` (it installs xvfb)")
        }
        keeper = Process()
        keeper.executableURL = URL(fileURLWithPath: "/bin/sh")
        // -displayfd picks a free display and prints its number.
        keeper.arguments = ["-c", "Xvfb -displayfd 1 -screen 0 1024x768x24 -nolisten tcp 2>/dev/null & x=$!; echo $x; read _; kill $x; sleep 1; kill -9 $x 2>/dev/null"]
        stdinPipe = Pipe()
        let out = Pipe()
        keeper.standardInput = stdinPipe
        keeper.standardOutput = out
        try keeper.run()
        // First line: Xvfb's pid (the shell's echo); second: the display Xvfb picked.
        var pidLine = ""
        while true {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            guard let c = byte.first else { throw FixtureError(message: "Xvfb's keeper ended at once") }
            if c == UInt8(ascii: "\n") { break }
            pidLine.append(Character(UnicodeScalar(c)))
        }
        let xvfb = Int32(pidLine) ?? 0
        var number = ""
        while true {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            guard let c = byte.first else { throw FixtureError(message: "Xvfb ended before it printed its display") }
            if c == UInt8(ascii: "\n") { break }
            number.append(Character(UnicodeScalar(c)))
        }
        display = ":" + number
        // The keeper's shell is the fallback; this is the rule: the server dies with this process.
        Self.serverPID.withLock { $0 = xvfb }
        atexit {
            let pid = XServer.serverPID.withLock { $0 }
            if pid > 0 { kill(pid, SIGKILL) }
        }
    }

    /// Xvfb's pid, killed when this process exits.
    static let serverPID = Locked<Int32>(0)

    static func get() throws -> XServer { try shared.get() }
}
