import RefreshPluginRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What one folder on the search path held when it was last read, kept (in
/// CatalogOutputCache) so that the next walk can skip reading a folder that
/// has not changed: reading a folder of a thousand plugin files is a quarter
/// of a warm `list`'s walk, and a folder's identity is one fstat.
///
/// Trusted only while the folder's identity is the one it had when it was
/// read: adding, removing or renaming a name in a folder moves its mtime and
/// ctime. It is kept only when that identity was already older than
/// RegistryCache.recentWindow, so that a change within one tick of the file
/// system's clock cannot leave it as it was. The plugin files are still each
/// stat'ed on every walk: a file written over in place leaves its folder as
/// it was. Every other name is looked at again on every walk too (links
/// followed), since a link to a style folder can come to name another one.
public struct FolderListing: Equatable, Sendable {
    /// A name in the folder that is not a plugin file, with the identity of
    /// the folder it names (links followed) when it names one: a style folder,
    /// whose `.so` files are in `files` as "NAME/FILE.so".
    public struct Other: Equatable, Sendable {
        public var name: String
        public var folder: FileIdentity?

        public init(name: String, folder: FileIdentity?) {
            self.name = name
            self.folder = folder
        }
    }

    /// The folder as the search path names it.
    public var path: String
    public var identity: FileIdentity
    /// The plugin files below it, in order (SearchPath.pluginFiles, relative to the folder).
    public var files: [String]
    public var others: [Other]

    public init(path: String, identity: FileIdentity, files: [String], others: [Other]) {
        self.path = path
        self.identity = identity
        self.files = files
        self.others = others
    }

    /// Whether it may be kept: neither the folder nor a style folder in it changed within
    /// RegistryCache.recentWindow of `now` (taken before it was read).
    func isSettled(now: Int64) -> Bool {
        !RegistryCache.isRecent(identity, now: now)
            && !others.contains { $0.folder.map { RegistryCache.isRecent($0, now: now) } ?? false }
    }

    /// The open folder `dir` (at `path`; `base` is "" for "/") as it is now: `kept` as it was when the
    /// folder's identity is the same, with only its style folders looked at again, or read afresh.
    /// Its files, and the listing (nil when the folder's identity could not be taken).
    static func current(_ dir: OpaquePointer, path: String, base: String, kept: FolderListing?) -> (files: [String], listing: FolderListing?) {
        var info = stat()
        guard fstat(dirfd(dir), &info) == 0 else {
            return (read(dir, path: path, base: base, identity: FileIdentity(info)).files, nil)
        }
        let listing = current(dir, path: path, base: base, identity: FileIdentity(info), kept: kept)
        return (listing.files, listing)
    }

    private static func current(_ dir: OpaquePointer, path: String, base: String, identity: FileIdentity,
                                kept: FolderListing?) -> FolderListing {
        let fd = dirfd(dir)
        guard let kept, kept.path == path, kept.identity == identity else { return read(dir, path: path, base: base, identity: identity) }
        let others = kept.others.map { Other(name: $0.name, folder: folderIdentity(fd, $0.name)) }
        if others == kept.others { return kept }
        // A style folder changed, or a name now names another: the folder's own names are as kept.
        var files = kept.files.filter { !$0.contains("/") }
        for other in others where other.folder != nil { files += styleFiles(base, other.name) }
        files.sort()
        return FolderListing(path: path, identity: identity, files: files, others: others)
    }

    /// The folder read: its `.so` files, and those of its style folders one level down.
    private static func read(_ dir: OpaquePointer, path: String, base: String, identity: FileIdentity) -> FolderListing {
        let fd = dirfd(dir)
        var files: [String] = []
        var others: [Other] = []
        while let item = readdir(dir) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix(".") { continue }  // ".", ".." and hidden names
            if name.hasSuffix(".so") {
                files.append(name)
                continue
            }
            let folder = folderIdentity(fd, name)
            others.append(Other(name: name, folder: folder))
            if folder != nil { files += styleFiles(base, name) }
        }
        files.sort()
        return FolderListing(path: path, identity: identity, files: files, others: others)
    }

    /// The identity of the folder `name` in the open folder `fd` names, links followed; nil when it names none.
    /// stat, not lstat: a linked style folder is still a style folder.
    private static func folderIdentity(_ fd: Int32, _ name: String) -> FileIdentity? {
        var info = stat()
        guard fstatat(fd, name, &info, 0) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return FileIdentity(info)
    }

    /// The `.so` files of the style folder `name`, as "NAME/FILE.so".
    private static func styleFiles(_ base: String, _ name: String) -> [String] {
        (FilePaths.entries(of: base + "/" + name) ?? []).filter { $0.hasSuffix(".so") }.map { name + "/" + $0 }
    }
}
