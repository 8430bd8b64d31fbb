import RefreshDiscovery
import RefreshInstall
import RefreshPluginRuntime

#if canImport(Glibc)
import Glibc
#endif

/// What shell completion offers for a style argument (`refresh-host run <TAB>`):
/// the ids and unambiguous short names of the loaded styles on the search path,
/// as `list` finds them (the registry cache; scanner children for files it does
/// not know), with any `--plugin-path` already on the command line.
public enum CompletionCandidates {
    /// The ids of the loaded styles `offered` picks, then the short names of
    /// those that only one loaded style (offered or not) answers to.
    public static func names(in entries: [PluginEntry], offering offered: (PluginEntry) -> Bool = { _ in true }) -> [String] {
        let loaded = entries.filter { $0.status == .loaded }
        let all = loaded.compactMap { $0.descriptor?.id }
        var counts: [String: Int] = [:]
        for id in all { counts[shortName(id), default: 0] += 1 }
        let ids = loaded.filter(offered).compactMap { $0.descriptor?.id }
        let short = ids.map(shortName).filter { counts[$0] == 1 && !all.contains($0) }
        return ids + short
    }

    private static func shortName(_ id: String) -> String {
        String(id.split(separator: ".").last ?? Substring(id)).lowercased()
    }

    /// The catalog of the search path the command line would use: its `--plugin-path`
    /// words that name something (the user may still be typing one), and, for
    /// `validate`, the library it names, whose styles are then the only answer.
    /// `environment` and `scanner` as PluginSearch's.
    public static func entries(commandLine words: [String], environment: [String: String] = SearchEnvironment.current(),
                               scanner: String? = FilePaths.executablePath()) -> [PluginEntry] {
        var paths: [String] = []
        var library: String?
        var previous = ""
        for word in words.dropFirst() {
            if previous == "--plugin-path" {
                paths.append(word)
            } else if word.hasPrefix("--plugin-path=") {
                paths.append(String(word.dropFirst("--plugin-path=".count)))
            } else if words.dropFirst().first == "validate", !word.hasPrefix("-"), word.hasSuffix(".so") {
                library = word
            }
            previous = word
        }
        paths = paths.filter { access($0, F_OK) == 0 }
        if let library, access(library, F_OK) == 0 { paths.insert(library, at: 0) }
        var search = PluginSearch(pluginPaths: paths, scanTimeout: 1, environment: environment)
        search.scanner = scanner
        guard let directories = try? SearchPath.standard(options: paths, environment: environment) else { return [] }
        var options = search.scanOptions
        // As every command's catalog: the adapters read the user's designer styles too (and cache them apart).
        options.context = PluginRegistry.Options.context(designs: UserFolders.designs(environment: environment))
        let entries = PluginRegistry(directories: directories, options: options).entries
        guard let library, let resolved = realpath(library, nil) else { return entries }
        defer { free(resolved) }
        let file = String(cString: resolved)
        return entries.filter { $0.file == file }
    }
}
