#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What tells one version of a file from another without reading it: the
/// registry cache trusts what it knows about a plugin only while all of
/// these are unchanged (a rebuild, a copy over it, or `touch` changes one).
public struct FileIdentity: Equatable, Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var mtimeSeconds: Int64
    public var mtimeNanoseconds: Int64

    public init(device: UInt64, inode: UInt64, size: Int64, mtimeSeconds: Int64, mtimeNanoseconds: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.mtimeSeconds = mtimeSeconds
        self.mtimeNanoseconds = mtimeNanoseconds
    }

    init(_ info: stat) {
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                  mtimeSeconds: Int64(info.st_mtim.tv_sec), mtimeNanoseconds: Int64(info.st_mtim.tv_nsec))
    }

    /// The identity of what `path` resolves to now, or nil when it cannot be stat'ed.
    public static func of(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(info)
    }
}
