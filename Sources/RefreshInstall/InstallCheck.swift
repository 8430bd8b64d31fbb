import RefreshOutput
import RefreshWorker

#if canImport(Glibc)
import Glibc
#endif

/// `refresh-host validate TARGET` run in a child before a folder is installed:
/// its report kept aside (a temporary file), to be shown in full only when it
/// does not pass; its one-line errors reach stderr as they happen.
public struct InstallCheck {
    public let passed: Bool
    private let report: StdoutFile

    /// Runs `executable` with `arguments` (`validate TARGET ...`), stdout into the report.
    public init(executable: String, arguments: [String]) throws {
        report = try StdoutFile(suffix: ".txt")
        let fd = open(report.path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { throw OutputError("\(report.path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var options = ChildProcess.Options(executable: executable, arguments: arguments)
        options.descriptors = [1: fd, 2: 2]
        options.deathSignal = SIGTERM  // validate runs no plugin code itself, and cleans up its temporaries
        switch ChildProcess.spawn(options) {
        case let .success(child): passed = child.wait() == .exited(0)
        case let .failure(error): throw InstallError("cannot run validate: \(error)", .notChecked)
        }
    }

    /// The report's last line (its summary), or nil when it is empty or unreadable.
    public var summary: String? {
        String(decoding: Self.contents(report.path), as: UTF8.self).split(separator: "\n").last.map(String.init)
    }

    /// The whole report, to stdout.
    public func deliver() throws { try report.deliver() }

    private static func contents(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return bytes }
            bytes += buffer[0..<n]
        }
    }
}
