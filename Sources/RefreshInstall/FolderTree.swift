#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import RefreshPluginRuntime

/// Copying and removing a style folder with the C library: plain files and
/// folders only, bounded in size, replaced in place by renames so a reader
/// never sees half a style.
public enum FolderTree {
    /// The most a style folder may hold: bigger is a mistake (a home folder given by accident).
    public static let maximumBytes: Int64 = 256 << 20
    public static let maximumFiles = 10_000

    /// A folder's entries, hidden ones (and "." and "..") skipped; nil when it cannot be listed.
    public static func entries(of folder: String) -> [String]? { FilePaths.entries(of: folder) }

    /// Checks that `folder` holds only plain files and folders within the
    /// limits, and returns its files relative to it, folders first.
    public static func survey(_ folder: String) throws(InstallError) -> [(relative: String, isFolder: Bool)] {
        var found: [(String, Bool)] = []
        var bytes: Int64 = 0
        var pending = [""]
        while let relative = pending.popLast() {
            let here = relative.isEmpty ? folder : folder + "/" + relative
            guard let names = entries(of: here) else { throw InstallError("\(here): cannot read the folder: \(String(cString: strerror(errno)))", .io) }
            for name in names.sorted() {
                let path = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard lstat(folder + "/" + path, &info) == 0 else { throw InstallError("\(folder)/\(path): \(String(cString: strerror(errno)))", .io) }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    found.append((path, true))
                    pending.append(path)
                case S_IFREG:
                    bytes += Int64(info.st_size)
                    found.append((path, false))
                case S_IFLNK:
                    throw InstallError("\(folder)/\(path): a symbolic link; a style folder holds only plain files and folders", .badFolder)
                default:
                    throw InstallError("\(folder)/\(path): not a plain file or folder", .badFolder)
                }
                guard found.count <= maximumFiles else { throw InstallError("\(folder): more than \(maximumFiles) files; is it really a style folder?", .badFolder) }
                guard bytes <= maximumBytes else { throw InstallError("\(folder): more than \(maximumBytes >> 20) MiB; is it really a style folder?", .badFolder) }
            }
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// Copies `source` to a new `destination` folder (which must not exist).
    public static func copy(_ source: String, to destination: String) throws(InstallError) {
        let items = try survey(source)
        guard mkdir(destination, 0o755) == 0 else { throw InstallError("\(destination): \(String(cString: strerror(errno)))", .io) }
        for item in items {
            let target = destination + "/" + item.relative
            if item.isFolder {
                guard mkdir(target, 0o755) == 0 else { throw InstallError("\(target): \(String(cString: strerror(errno)))", .io) }
            } else {
                try copyFile(source + "/" + item.relative, to: target)
            }
        }
    }

    private static func copyFile(_ source: String, to target: String) throws(InstallError) {
        let input = open(source, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard input >= 0 else { throw InstallError("\(source): \(String(cString: strerror(errno)))", .io) }
        defer { close(input) }
        var info = stat()
        fstat(input, &info)
        // Executables (a plugin's .so) keep their execute bits; nothing gets more than the owner had.
        let mode = mode_t(info.st_mode & 0o755)
        let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard output >= 0 else { throw InstallError("\(target): \(String(cString: strerror(errno)))", .io) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var failure: Int32 = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { failure = errno; break }
            if n == 0 { break }
            var done = 0
            while done < n {
                let w = buffer.withUnsafeBytes { write(output, $0.baseAddress! + done, n - done) }
                if w < 0 && errno == EINTR { continue }
                if w <= 0 { failure = errno; break }
                done += w
            }
            if failure != 0 { break }
        }
        if failure == 0, fsync(output) != 0 { failure = errno }
        close(output)
        if failure != 0 { throw InstallError("\(target): \(String(cString: strerror(failure)))", .io) }
    }

    /// Removes a folder and everything in it (links are removed, never followed).
    public static func remove(_ path: String) throws(InstallError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            for name in (try? listAll(path)) ?? [] { try remove(path + "/" + name) }
            guard rmdir(path) == 0 else { throw InstallError("\(path): \(String(cString: strerror(errno)))", .io) }
        } else {
            guard unlink(path) == 0 else { throw InstallError("\(path): \(String(cString: strerror(errno)))", .io) }
        }
    }

    /// Every entry, hidden ones included.
    private static func listAll(_ folder: String) throws(InstallError) -> [String] {
        guard let names = FilePaths.entries(of: folder, includingHidden: true) else {
            throw InstallError("\(folder): \(String(cString: strerror(errno)))", .io)
        }
        return names
    }

    /// mkdir -p.
    public static func makeFolders(_ path: String) throws(InstallError) {
        var built = ""
        for part in path.split(separator: "/") {
            built += "/" + part
            var info = stat()
            if stat(built, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else { throw InstallError("\(built): not a folder", .io) }
                continue
            }
            guard mkdir(built, 0o755) == 0 || errno == EEXIST else { throw InstallError("\(built): \(String(cString: strerror(errno)))", .io) }
        }
    }
}
