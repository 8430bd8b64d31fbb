import RefreshPluginRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One place the registry looks for plugins, and why it looks there.
public struct SearchDirectory: Equatable, Sendable {
    public enum Origin: String, Sendable {
        case option = "--plugin-path"
        case environment = "REFRESH_HOST_PLUGIN_PATH"
        case user = "user"
        case system = "system"
        case bundled = "bundled"
    }

    /// An absolute folder, or an absolute `.so` file given explicitly.
    public var path: String
    public var origin: Origin

    public init(_ path: String, _ origin: Origin) {
        self.path = path
        self.origin = origin
    }
}

/// A search path the user got wrong.
public struct SearchPathError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
}

public enum SearchPath {
    /// The registry's search order: `--plugin-path` options, then
    /// REFRESH_HOST_PLUGIN_PATH (colon separated), then
    /// ~/.local/lib/refresh-host/plugins, then the installed prefix's
    /// lib/refresh-host/plugins, then the plugins bundled with the build.
    /// The current directory is never searched unless named.
    public static func standard(
        options: [String], environment: [String: String], executablePath: String? = FilePaths.executablePath()
    ) throws(SearchPathError) -> [SearchDirectory] {
        var result: [SearchDirectory] = []
        let cwd = FilePaths.currentDirectory()
        for option in options {
            // An option is the user's explicit word, so a relative path is theirs to give.
            let absolute = option.hasPrefix("/") ? option : cwd.map { $0 + "/" + option } ?? option
            guard access(absolute, F_OK) == 0 else {
                throw SearchPathError(description: "--plugin-path \(option): no such file or directory")
            }
            // A file named explicitly that the scan would skip is a mistake, not an empty folder.
            var info = stat()
            if stat(absolute, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR, !absolute.hasSuffix(".so") {
                throw SearchPathError(description: "--plugin-path \(option): not a folder or a .so file; plugins are shared objects named *.so")
            }
            result.append(SearchDirectory(FilePaths.normalize(absolute), .option))
        }
        if let value = environment["REFRESH_HOST_PLUGIN_PATH"] {
            // Empty and relative entries would mean "the current directory": skipped.
            for entry in value.split(separator: ":") where entry.hasPrefix("/") {
                result.append(SearchDirectory(FilePaths.normalize(String(entry)), .environment))
            }
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            result.append(SearchDirectory(FilePaths.normalize(home + "/.local/lib/refresh-host/plugins"), .user))
        }
        if let exe = executablePath, let bin = FilePaths.parent(of: exe) {
            if let prefix = FilePaths.parent(of: bin) {
                result.append(SearchDirectory(FilePaths.normalize(prefix + "/lib/refresh-host/plugins"), .system))
            }
            result.append(SearchDirectory(FilePaths.normalize(bin + "/plugins"), .bundled))
        }
        return result
    }

    /// The `.so` files of a folder, and of its style folders one level down
    /// (`DIR/NAME/*.so`: a style's .so beside its assets and licence), in
    /// order of their path below the folder, hidden names skipped; or the
    /// path itself when it is not a folder and ends in `.so`. Deeper folders
    /// are not searched. Nothing is opened but folders: what the files are
    /// is the file gate's business.
    public static func pluginFiles(in path: String) -> [String] {
        withPluginFolder(path, kept: nil) { folder in (0..<folder.count).map { folder.path($0) } }
    }

    /// The same files, in the same order, with the folder held open while `body`
    /// runs, for the registry's walk: each file's lstat is taken relative to the
    /// folder (PluginFolder.file), so the kernel does not walk the folder's path
    /// again for every file. `kept`: what the folder held when it was last read
    /// (FolderListing), used again when it has not changed since.
    public static func withPluginFolder<R>(_ path: String, kept: FolderListing?, _ body: (PluginFolder) -> R) -> R {
        guard let dir = opendir(path) else {
            var info = stat()
            let file = path.hasSuffix(".so") && lstat(path, &info) == 0
            return body(PluginFolder(descriptor: -1, base: "", relative: file ? [path] : [], listing: nil))
        }
        defer { closedir(dir) }
        let base = path == "/" ? "" : path
        let (files, listing) = FolderListing.current(dir, path: path, base: base, kept: kept)
        return body(PluginFolder(descriptor: dirfd(dir), base: base, relative: files, listing: listing))
    }
}

/// One folder's plugin files (SearchPath.withPluginFolder), held open: valid
/// only inside the call that lends it. Sendable so that the walk can stat a
/// big folder's files on more than one thread.
public struct PluginFolder: Sendable {
    /// The open folder; -1 when the path was a single `.so` file.
    let descriptor: Int32
    /// The folder's path ("" for "/"); "" for a single file.
    let base: String
    /// The files below the folder, in order (the file's own path for a single file).
    let relative: [String]
    /// What the folder held (nil for a single file, or a folder fstat failed on).
    public let listing: FolderListing?

    public var count: Int { relative.count }

    /// Whether the path was a folder (else a single `.so` file named alone).
    public var isFolder: Bool { descriptor >= 0 }

    /// The `i`th file's path.
    public func path(_ i: Int) -> String { isFolder ? base + "/" + relative[i] : relative[i] }

    /// The `i`th file's lstat, taken relative to the open folder; nil when that
    /// failed (the file gate then looks again and says why).
    public func linkStat(_ i: Int) -> stat? {
        var info = stat()
        let found = isFolder ? fstatat(descriptor, relative[i], &info, AT_SYMLINK_NOFOLLOW) : lstat(relative[i], &info)
        return found == 0 ? info : nil
    }
}
