#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Path text as the host prints and compares it: plugin files, search folders,
/// outputs. Only the current folder, the executable (/proc/self/exe) and `canonical` (realpath) ask the file system.
public enum FilePaths {
    /// The running executable, resolved.
    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public static func currentDirectory() -> String? {
        guard let p = getcwd(nil, 0) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// A folder's entry names in the order the file system gives them, never
    /// "." or ".."; hidden ones only when asked for. nil when it cannot be
    /// listed (errno says why).
    public static func entries(of folder: String, includingHidden: Bool = false) -> [String]? {
        guard let dir = opendir(folder) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let item = readdir(dir) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." || (!includingHidden && name.hasPrefix(".")) { continue }
            names.append(name)
        }
        return names
    }

    public static func parent(of path: String) -> String? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Collapses "//", "/./" and "x/.." of an absolute path so it prints as people expect.
    public static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", !parts.isEmpty { parts.removeLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The canonical absolute path of an existing file or folder, or nil (errno says why).
    public static func canonical(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
