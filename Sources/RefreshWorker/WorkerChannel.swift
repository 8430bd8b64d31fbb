#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The worker's end of a `WorkerConnection`: messages out on descriptor 3,
/// commands in on descriptor 4. Messages are written whole, so the
/// supervisor sees every message that was sent before the worker died.
/// A write that fails (the supervisor is gone, or a plugin closed the
/// descriptor) ends the worker: nobody is left to tell.
// One per worker process, used from its one thread only; Sendable so a worker can keep it in a global.
public final class WorkerChannel: @unchecked Sendable {
    private var out: Int32
    private var input: Int32
    private var framer = MessageFramer()

    public init(out: Int32 = WorkerConnection.messageDescriptor, input: Int32 = WorkerConnection.commandDescriptor) {
        self.out = out
        self.input = input
    }

    /// Moves both ends off descriptors 3 and 4, close-on-exec, before plugin code runs:
    /// a plugin that writes to or closes "its" descriptor 3 cannot garble or end the channel.
    public func moveAside() {
        for fd in [out, input] where fd < 64 {
            let moved = fcntl(fd, F_DUPFD_CLOEXEC, 64)
            guard moved >= 0 else { continue }
            close(fd)
            if fd == out { out = moved } else { input = moved }
        }
    }

    public func send(_ message: WireWriter) {
        let bytes = message.framed
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(out, $0.baseAddress, $0.count) }
            if n > 0 {
                sent += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                _exit(3)
            }
        }
    }

    /// The next command, blocking; nil when the supervisor closed its end.
    public func receive() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            // The supervisor is trusted; a framing error is a bug, and ends the worker.
            do {
                if let message = try framer.next() { return message }
            } catch {
                return nil
            }
            let n = read(input, &buffer, buffer.count)
            if n > 0 {
                framer.append(buffer[0..<n])
            } else if n == 0 || errno != EINTR {
                return nil
            }
        }
    }
}
