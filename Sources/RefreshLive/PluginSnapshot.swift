#if canImport(Glibc)
import Glibc
#endif

/// A private copy of a plugin file for one worker of `run --watch`.
///
/// A build that truncates the library and writes it again in place (`cp`,
/// `cat >`) changes the pages a running worker has mapped: its next call into
/// the plugin dies of SIGBUS, and the old build could not go on when the new
/// one fails. So each worker loads a copy made when its build was taken up.
/// The copy sits beside the original, so `$ORIGIN` and paths relative to the
/// library still lead where they did, under a hidden name the search path
/// skips: `.libX.so.live-PID-N.so`. It is removed with its worker; copies a
/// killed preview left behind are removed the next time one starts there.
public final class PluginSnapshot {
    /// The copy, to load.
    public let path: String
    private var removed = false

    /// Copies `file`; nil when its folder is not writable (an installed
    /// plugin, rebuilt by an install that replaces the file): load the original then.
    public init?(of file: String, build: Int) {
        let (folder, name) = Self.split(file)
        Self.removeStale(in: folder, name: name)
        path = "\(folder)/.\(name).live-\(getpid())-\(build).so"
        guard Self.copy(file, to: path) else { return nil }
    }

    deinit { remove() }

    public func remove() {
        guard !removed else { return }
        removed = true
        unlink(path)
    }

    private static func split(_ file: String) -> (folder: String, name: String) {
        guard let slash = file.lastIndex(of: "/") else { return (".", file) }
        return (slash == file.startIndex ? "" : String(file[..<slash]), String(file[file.index(after: slash)...]))
    }

    /// The whole file, or nothing (a half copy is removed).
    private static func copy(_ source: String, to target: String) -> Bool {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { return false }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { return false }
        let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, info.st_mode & 0o755)
        guard output >= 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var ok = true
        while ok {
            let n = read(input, &buffer, buffer.count)
            if n == 0 { break }
            if n < 0 {
                ok = errno == EINTR
                continue
            }
            var done = 0
            while ok, done < n {
                let w = buffer.withUnsafeBytes { write(output, $0.baseAddress! + done, n - done) }
                if w > 0 { done += w } else if w < 0, errno != EINTR { ok = false }
            }
        }
        ok = close(output) == 0 && ok
        if !ok { unlink(target) }
        return ok
    }

    /// Copies of `name` whose process is gone.
    private static func removeStale(in folder: String, name: String) {
        guard let dir = opendir(folder.isEmpty ? "/" : folder) else { return }
        defer { closedir(dir) }
        let prefix = ".\(name).live-"
        var stale: [String] = []
        while let item = readdir(dir) {
            let entry = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard entry.hasPrefix(prefix), entry.hasSuffix(".so"),
                  let pid = Int32(entry.dropFirst(prefix.count).prefix { $0 != "-" }), pid > 0 else { continue }
            if kill(pid, 0) != 0, errno == ESRCH { stale.append(entry) }
        }
        for entry in stale { unlink("\(folder)/\(entry)") }
    }
}
