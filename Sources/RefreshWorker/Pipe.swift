#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CIsolation

/// A pipe whose ends are both close-on-exec and above the standard descriptors.
public struct Pipe: Sendable {
    public private(set) var readEnd: Int32
    public private(set) var writeEnd: Int32

    public init?() {
        var fds: [Int32] = [0, 0]
        guard rh_pipe_cloexec(&fds) else { return nil }
        // Above 9, so dup2 onto 3 or 4 in a child never clobbers a source.
        readEnd = fcntl(fds[0], F_DUPFD_CLOEXEC, 10)
        writeEnd = fcntl(fds[1], F_DUPFD_CLOEXEC, 10)
        close(fds[0])
        close(fds[1])
    }

    public mutating func closeWriteEnd() {
        if writeEnd >= 0 { close(writeEnd) }
        writeEnd = -1
    }

    public mutating func closeReadEnd() {
        if readEnd >= 0 { close(readEnd) }
        readEnd = -1
    }

    public mutating func closeBoth() {
        closeReadEnd()
        closeWriteEnd()
    }
}

extension Pipe {
    /// Writes `bytes` whole into the pipe without blocking (grown to fit when it
    /// must be), then closes the write end: a request that waits for its worker.
    /// False when they do not fit.
    public mutating func holds(_ bytes: [UInt8]) -> Bool {
        if bytes.count > 65536 { _ = fcntl(writeEnd, 1031 /* F_SETPIPE_SZ */, Int32(bytes.count)) }
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            if n > 0 {
                sent += n
            } else if !(n < 0 && errno == EINTR) {
                return false
            }
        }
        closeWriteEnd()
        return true
    }
}
