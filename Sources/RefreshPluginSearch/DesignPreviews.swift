import RefreshDiscovery
import RefreshInstall
import RefreshPluginRuntime

#if canImport(Glibc)
import Glibc
#endif

/// Designers' files looked at where they are, before they are installed: a
/// style folder (what `new --from` makes), a folder of such folders, or a
/// Lottie file, given as `--plugin-path` or as the style of run, render,
/// info. The Lottie adapter reads them from REFRESH_HOST_DESIGNS (absolute
/// paths joined by ':', scanned before its other folders), which this
/// process sets and its scanner and worker children inherit.
public enum DesignPreviews {
    public static let variable = "REFRESH_HOST_DESIGNS"

    /// Whether `path` is something the Lottie adapter reads: a .json or
    /// .lottie file, or a folder with one at its top or one folder down (and
    /// no plugin .so at its top, which makes it a plugin folder).
    public static func isDesign(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        if (info.st_mode & S_IFMT) == S_IFREG { return isDataFile(path) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return false }
        let names = FolderTree.entries(of: path) ?? []
        if names.contains(where: { $0.hasSuffix(".so") }) { return false }
        if names.contains(where: isDataFile) { return true }
        return names.contains { name in
            guard !name.hasPrefix(".") else { return false }
            var sub = stat()
            guard stat(path + "/" + name, &sub) == 0, (sub.st_mode & S_IFMT) == S_IFDIR else { return false }
            return (FolderTree.entries(of: path + "/" + name) ?? []).contains(where: isDataFile)
        }
    }

    static func isDataFile(_ name: String) -> Bool {
        let lower = name.lowercased()
        return !name.hasPrefix(".") && (lower.hasSuffix(".json") || lower.hasSuffix(".lottie"))
    }

    /// `path` absolute and normalized, against the current folder.
    public static func absolute(_ path: String) -> String {
        FilePaths.normalize(path.hasPrefix("/") ? path : (FilePaths.currentDirectory() ?? "") + "/" + path)
    }

    /// Whether `source` (a style's data file) is one of the previews this process named, or inside one.
    public static func isPreview(_ source: String) -> Bool {
        let paths = getenv(variable).map { String(cString: $0).split(separator: ":").map(String.init) } ?? []
        return paths.contains { source == $0 || source.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    /// Adds `paths` to the variable (each once, in order) and returns its value; "" when none.
    @discardableResult
    public static func activate(_ paths: [String]) -> String {
        var all = getenv(variable).map { String(cString: $0).split(separator: ":").map(String.init) } ?? []
        for path in paths.map(absolute) where !all.contains(path) && !path.contains(":") { all.append(path) }
        let value = all.joined(separator: ":")
        if !value.isEmpty { setenv(variable, value, 1) }
        return value
    }
}
