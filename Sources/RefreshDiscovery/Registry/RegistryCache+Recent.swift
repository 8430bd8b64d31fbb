import RefreshPluginRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Files changed just before they were looked at. A file system stamps
/// mtime and ctime from a clock that ticks every few milliseconds (4 ms on
/// the kernel these notes were written on; 2 s for FAT's mtime), so a file
/// written again within the tick it was stat'ed in keeps its whole identity.
/// A record of such a file carries a digest of the content, read before the
/// scan (so the outcome is never newer than the digest: a change in between
/// makes them disagree, and the file is scanned again).
extension RegistryCache {
    /// How close to "now" a change must be for its identity not to be enough:
    /// well above any local file system's clock tick, and FAT's 2 s.
    public static let recentWindow: Int64 = 3_000_000_000

    /// The time now, in nanoseconds since the epoch; taken before the files are stat'ed.
    public static func now() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) &* 1_000_000_000 &+ Int64(ts.tv_nsec)
    }

    /// Whether a file with `identity`, stat'ed at or after `now`, changed so
    /// recently (or in the future, by a skewed clock) that a later change could keep its identity.
    public static func isRecent(_ identity: FileIdentity, now: Int64) -> Bool {
        identity.lastChange > now - recentWindow
    }

    /// The digest of what `path` holds now (64-bit, hex), or nil when it cannot be read.
    public static func digest(of path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        // One byte past the size it had, so a file that grew is not mistaken for its start.
        let (bytes, error) = FileBytes.read(fd, upTo: Int(info.st_size) + 1)
        guard error == nil else { return nil }
        return "\(bytes.count) " + RecordFormat.checksum(bytes[...])
    }
}
