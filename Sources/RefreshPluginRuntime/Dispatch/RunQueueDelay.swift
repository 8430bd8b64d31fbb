#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How long the calling thread has waited, runnable, for a CPU: the second
/// field of /proc/thread-self/schedstat, in seconds. The validator, timing
/// the plugin on the wall clock, subtracts what the thread spent queued, so a
/// machine busy with other work does not make a fast plugin look slow
/// (the plugin's own sleeping, blocking and computing still count).
/// nil where the kernel does not keep the figure.
public enum RunQueueDelay {
    public static func seconds() -> Double? {
        let fd = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        let fields = buffer[0..<n].split(whereSeparator: { $0 == 0x20 || $0 == 0x0A })
        guard fields.count >= 2, let nanoseconds = UInt64(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return Double(nanoseconds) / 1e9
    }
}
