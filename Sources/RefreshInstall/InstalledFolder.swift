import RefreshPluginRuntime

/// Which folder `remove` takes out for a style: the one the user installed it
/// in, never a bundled or system style's, nor one on a --plugin-path.
public enum InstalledFolder {
    /// The folder under the user plugin folder (the style's `file`) or under the
    /// adapters' data folder (a designer's style, by its `source`) that holds the
    /// style, or nil when it is not this user's installed style. Paths are normalized.
    public static func of(file: String, source: String?, environment: [String: String]) -> String? {
        if let source, let designs = UserFolders.designs(environment: environment),
           let held = Installer.styleFolder(holding: FilePaths.normalize(source), in: FilePaths.normalize(designs)) {
            return held
        }
        if let userPlugins = UserFolders.plugins(environment: environment) {
            return Installer.styleFolder(holding: file, in: FilePaths.normalize(userPlugins))
        }
        return nil
    }

    /// Every style of `entries` (file, source, id) that lives in `folder`: what a removal takes with it.
    public static func styles(in folder: String, of entries: [(file: String, source: String?, id: String?)]) -> [String] {
        entries.filter { e in
            e.file.hasPrefix(folder + "/") || e.file == folder || e.source.map { $0 == folder || $0.hasPrefix(folder + "/") } == true
        }.compactMap(\.id)
    }
}
