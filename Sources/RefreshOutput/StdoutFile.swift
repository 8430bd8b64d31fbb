#if canImport(Glibc)
import Glibc
#endif

/// `--out -`: the encoders write files (atomically, beside their target), so
/// a render to stdout is written to a private temporary file first and copied
/// to stdout only once it is complete; a failed render writes nothing there.
public final class StdoutFile {
    public let path: String

    public init(suffix: String) throws(OutputError) {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(folder)/refresh-host-XXXXXX\(suffix)".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, Int32(suffix.utf8.count)) }
        guard fd >= 0 else {
            throw OutputError("--out -: cannot make a temporary file in \(folder): \(String(cString: strerror(errno)))")
        }
        close(fd)
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    deinit { unlink(path) }

    /// Copies the finished file to stdout.
    public func deliver() throws(OutputError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw OutputError("--out -: cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n == 0 { return }
            if n < 0 {
                if errno == EINTR { continue }
                throw OutputError("--out -: cannot read \(path): \(String(cString: strerror(errno)))")
            }
            try StandardOutput.write(bytes: buffer[0..<n])
        }
    }
}
