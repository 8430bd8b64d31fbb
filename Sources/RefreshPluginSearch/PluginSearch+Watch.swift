import RefreshDiscovery

#if canImport(Glibc)
import Glibc
#endif

/// What `run --watch` needs of the search path: the file a rebuild rewrites.
extension PluginSearch {
    /// The file to watch for `entry`: the first plugin file on the search path
    /// that resolves to it, so a symlink that a build points elsewhere is
    /// followed; the entry's own (canonical) file when none does.
    public func watchedFile(_ entry: PluginEntry) -> String {
        let directories = (try? SearchPath.standard(options: pluginPaths, environment: environment)) ?? []
        for directory in directories {
            for file in SearchPath.pluginFiles(in: directory.path) where Self.resolved(file) == entry.file {
                return file
            }
        }
        return entry.file
    }

    private static func resolved(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
