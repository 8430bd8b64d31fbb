#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What tells one version of a file from another without reading it: the
/// registry cache trusts what it knows about a plugin only while all of
/// these are unchanged (a rebuild, a copy over it, or `touch` changes one).
/// The ctime is here because a writer can set the mtime back (`cp -p`,
/// `rsync`, `touch -r` after writing in place) but not the ctime; what a
/// change within one tick of the file system's clock leaves unchanged is the
/// registry cache's business (`RegistryCache.isRecent`).
public struct FileIdentity: Equatable, Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var mtimeSeconds: Int64
    public var mtimeNanoseconds: Int64
    /// The status change time (ctime): any write, chmod or link count change moves it.
    public var ctimeSeconds: Int64
    public var ctimeNanoseconds: Int64

    public init(device: UInt64, inode: UInt64, size: Int64, mtimeSeconds: Int64, mtimeNanoseconds: Int64,
                ctimeSeconds: Int64 = 0, ctimeNanoseconds: Int64 = 0) {
        self.device = device
        self.inode = inode
        self.size = size
        self.mtimeSeconds = mtimeSeconds
        self.mtimeNanoseconds = mtimeNanoseconds
        self.ctimeSeconds = ctimeSeconds
        self.ctimeNanoseconds = ctimeNanoseconds
    }

    public init(_ info: stat) {
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                  mtimeSeconds: Int64(info.st_mtim.tv_sec), mtimeNanoseconds: Int64(info.st_mtim.tv_nsec),
                  ctimeSeconds: Int64(info.st_ctim.tv_sec), ctimeNanoseconds: Int64(info.st_ctim.tv_nsec))
    }

    /// The later of the mtime and the ctime, in nanoseconds since the epoch.
    public var lastChange: Int64 {
        max(mtimeSeconds &* 1_000_000_000 &+ mtimeNanoseconds, ctimeSeconds &* 1_000_000_000 &+ ctimeNanoseconds)
    }

    /// "device inode size mtime-s mtime-ns ctime-s ctime-ns": the registry cache's text form.
    public var encoded: String {
        "\(device) \(inode) \(size) \(mtimeSeconds) \(mtimeNanoseconds) \(ctimeSeconds) \(ctimeNanoseconds)"
    }

    /// The identity of what `path` resolves to now, or nil when it cannot be stat'ed.
    public static func of(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(info)
    }
}
