import COutputGuard

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One output file written beside its target and renamed into place: readers
/// see the old file or the complete new one, never a partial or empty one.
///
/// The temporary is `.NAME.tmp-PID-RANDOM` in the target's folder (so the
/// rename stays on one file system), created with mode 0644 less the umask.
/// `commit()` flushes it to disk and renames it over the target; `discard()`,
/// an error, or dropping the object without committing removes it and leaves
/// the target as it was. Until then it is registered with the signal guard:
/// SIGINT, SIGTERM and SIGHUP remove it before the process dies.
///
///     try AtomicFile.write(bytes, to: "out/index.html")
///     try AtomicFile.write(to: "out.png") { temporary in /* a C library writes `temporary` */ }
///
/// A symbolic link is followed: the file it leads to is replaced and the link
/// stays a link. A target that is no regular file (a FIFO, `/dev/stdout`, a
/// terminal) cannot be replaced by a rename: it is written directly.
///
/// Used on one thread at a time; separate instances may be used on any threads.
public final class AtomicFile {
    /// The file as named; messages name it.
    public let target: String
    /// The file that `commit()` replaces: `target` with its links followed.
    public let destination: String
    /// Where to write until `commit()` (the destination itself when it is written directly).
    public let temporaryPath: String
    /// Whether the destination is a FIFO or a device, written in place.
    public let isDirect: Bool
    private var slot: Int32 = -1
    private var finished = false

    /// Creates the empty temporary beside `target`. Throws when the folder
    /// does not exist or is not writable, or `target` is a folder.
    public init(target: String) throws(OutputError) {
        guard !target.isEmpty else { throw OutputError("cannot write an output with an empty name") }
        self.target = target
        var info = stat()
        let exists = stat(target, &info) == 0
        if exists, (info.st_mode & S_IFMT) == S_IFDIR {
            throw OutputError("\(target): cannot write: it is a folder")
        }
        isDirect = exists && (info.st_mode & S_IFMT) != S_IFREG
        if isDirect {
            // Nothing to rename and nothing to remove: the reader gets the bytes as they come.
            // (Opened by its own name: /dev/stdout's link leads to "pipe:[...]", no path.)
            destination = target
            temporaryPath = target
            return
        }
        destination = AtomicFile.followingLinks(target)
        let (folder, name) = AtomicFile.split(destination)
        guard !name.isEmpty, name != ".", name != ".." else { throw OutputError("\(target): cannot write: not a file name") }
        // Long names are cut so the temporary's name stays within NAME_MAX.
        let stem = String(decoding: Array(name.utf8.prefix(200)), as: UTF8.self)
        temporaryPath = (folder.map { $0 + "/" } ?? "") + ".\(stem).tmp-\(getpid())-\(AtomicFile.randomSuffix())"
        // Registered before it exists, so no moment leaves it unguarded.
        slot = rh_output_register(temporaryPath)
        let fd = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let cause = AtomicFile.errnoText()
            rh_output_unregister(slot)
            finished = true
            throw OutputError("\(target): cannot write: \(cause)")
        }
        close(fd)
    }

    deinit { if !finished { discard() } }

    /// Flushes the temporary to disk and renames it over the target. An empty
    /// temporary is refused (and removed): every output the host writes has
    /// content, so an empty one means its writer failed without saying so.
    public func commit() throws(OutputError) {
        guard !finished else { throw OutputError("\(target): cannot write: already committed or discarded") }
        if isDirect {
            finished = true
            return
        }
        var info = stat()
        guard stat(temporaryPath, &info) == 0 else {
            let cause = AtomicFile.errnoText()
            discard()
            throw OutputError("\(target): cannot write: the temporary \(temporaryPath) is gone (\(cause))")
        }
        guard info.st_size > 0 else {
            discard()
            throw OutputError("\(target): cannot write: nothing was written")
        }
        let fd = open(temporaryPath, O_RDONLY | O_CLOEXEC)
        let synced = fd >= 0 && fsync(fd) == 0
        let syncCause = AtomicFile.errnoText()
        if fd >= 0 { close(fd) }
        guard synced else {
            discard()
            throw OutputError("\(target): cannot write: \(syncCause)")
        }
        guard rename(temporaryPath, destination) == 0 else {
            let cause = AtomicFile.errnoText()
            discard()
            throw OutputError("\(target): cannot write: \(cause)")
        }
        finished = true
        rh_output_unregister(slot)
        // The rename itself reaches the disk with the folder's entry.
        let folder = AtomicFile.split(destination).folder.map { $0.isEmpty ? "/" : $0 } ?? "."
        let dirfd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirfd >= 0 {
            _ = fsync(dirfd)
            close(dirfd)
        }
    }

    /// Removes the temporary; the target is untouched. Safe to call twice.
    public func discard() {
        guard !finished else { return }
        finished = true
        if isDirect { return }
        unlink(temporaryPath)
        rh_output_unregister(slot)
    }

    // MARK: Convenience

    /// Lets `body` write the temporary by path (cairo, giflib, libwebp open
    /// files themselves), then commits. When `body` throws, the temporary is
    /// removed and its error rethrown.
    public static func write<T>(to target: String, _ body: (_ temporaryPath: String) throws -> T) throws -> T {
        let file = try AtomicFile(target: target)
        let result: T
        do { result = try body(file.temporaryPath) } catch {
            file.discard()
            throw error
        }
        try file.commit()
        return result
    }

    /// Writes `bytes` to `target` atomically.
    public static func write(_ bytes: [UInt8], to target: String) throws(OutputError) {
        let file = try AtomicFile(target: target)
        try file.writeAll(bytes)
        try file.commit()
    }

    /// Writes `text` (UTF-8) to `target` atomically.
    public static func write(_ text: String, to target: String) throws(OutputError) {
        try write(Array(text.utf8), to: target)
    }

    /// Replaces the temporary's content with `bytes`.
    public func writeAll(_ bytes: [UInt8]) throws(OutputError) {
        let fd = open(temporaryPath, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { throw OutputError("\(target): cannot write: \(AtomicFile.errnoText())") }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw OutputError("\(target): cannot write: \(AtomicFile.errnoText())")
            }
            offset += n
        }
    }

    /// Removes the temporaries any process left beside `target` (`.NAME.tmp-*`).
    /// For a supervisor whose child was writing `target` and had to be killed:
    /// SIGKILL leaves the child no chance to remove its own. Only call it when
    /// nothing else may be writing `target` at the same time.
    public static func removeTemporaries(of target: String) {
        let (folder, name) = split(followingLinks(target))
        let prefix = ".\(String(decoding: Array(name.utf8.prefix(200)), as: UTF8.self)).tmp-"
        let dirPath = folder.map { $0.isEmpty ? "/" : $0 } ?? "."
        guard let dir = opendir(dirPath) else { return }
        defer { closedir(dir) }
        var doomed: [String] = []
        while let entry = readdir(dir) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if entryName.hasPrefix(prefix) { doomed.append(entryName) }
        }
        for entryName in doomed { unlink(dirPath + "/" + entryName) }
    }

    // MARK: Helpers

    /// `path` with its symbolic links followed (a link to a link too, relative
    /// targets from the link's folder), to the file it names whether or not
    /// that exists yet. A loop or a chain over 40 links stops where it is.
    static func followingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { return current }
            let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else {
                current = (split(current).folder.map { ($0.isEmpty ? "" : $0) + "/" } ?? "") + link
            }
        }
        return current
    }

    /// ("out", "a.gif") for "out/a.gif"; (nil, "a.gif") for "a.gif"; ("", "a") for "/a".
    static func split(_ path: String) -> (folder: String?, name: String) {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return (nil, path) }
        let folder = String(decoding: bytes[..<slash], as: UTF8.self)
        return (slash == 0 ? "" : folder, String(decoding: bytes[(slash + 1)...], as: UTF8.self))
    }

    static func randomSuffix() -> String {
        var g = SystemRandomNumberGenerator()
        let n = UInt32.random(in: 0...UInt32.max, using: &g)
        let hex = String(n, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
