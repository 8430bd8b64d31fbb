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
        guard let folder = opendir(path) else { return soFile(path).map { [$0.path] } ?? [] }
        defer { closedir(folder) }
        let base = path == "/" ? "" : path
        return relativeFiles(folder, base).map { base + "/" + $0 }
    }

    /// The same files, in the same order, each handed to `body` with its lstat taken
    /// relative to the open folder (nil when that failed: the file gate then looks again
    /// and says why), for the registry's walk: the kernel does not walk the folder's path
    /// again for every file, and no array of a thousand stat buffers is made.
    /// Returns how many files there were.
    @discardableResult
    public static func visitPluginFiles(in path: String, _ body: (String, stat?) -> Void) -> Int {
        guard let folder = opendir(path) else {
            guard let file = soFile(path) else { return 0 }
            body(file.path, file.link)
            return 1
        }
        defer { closedir(folder) }
        let fd = dirfd(folder)
        let base = path == "/" ? "" : path
        let files = relativeFiles(folder, base)
        for relative in files {
            var info = stat()
            body(base + "/" + relative, fstatat(fd, relative, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil)
        }
        return files.count
    }

    /// `path` itself when it is not a folder and ends in `.so`.
    private static func soFile(_ path: String) -> (path: String, link: stat?)? {
        var info = stat()
        return path.hasSuffix(".so") && lstat(path, &info) == 0 ? (path, info) : nil
    }

    /// The `.so` files of the open `folder` (at `base`), and of its style folders, relative to it, in order.
    private static func relativeFiles(_ folder: OpaquePointer, _ base: String) -> [String] {
        let fd = dirfd(folder)
        var relative: [String] = []
        while let item = readdir(folder) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix(".") { continue }  // ".", ".." and hidden names
            if name.hasSuffix(".so") {
                relative.append(name)
                continue
            }
            var info = stat()
            // stat, not lstat: a linked style folder is still a style folder.
            guard fstatat(fd, name, &info, 0) == 0, (info.st_mode & S_IFMT) == S_IFDIR,
                  let inner = FilePaths.entries(of: base + "/" + name)
            else { continue }
            relative += inner.filter { $0.hasSuffix(".so") }.map { name + "/" + $0 }
        }
        relative.sort()
        return relative
    }
}
