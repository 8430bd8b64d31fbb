import RefreshDiscovery
import RefreshPluginRuntime
import RefreshInstall

#if canImport(Glibc)
import Glibc
#endif

/// Shell completion of a style argument (`refresh-host run <TAB>`): the ids and
/// unambiguous short names of the loaded styles on the search path, as `list`
/// finds them (the registry cache; scanner children for files it does not
/// know), with any `--plugin-path` already on the command line. The shell runs
/// this inside a key press, so it must never print into the terminal or keep
/// the user waiting: stderr goes to /dev/null and an alarm ends the process.
enum StyleCompletion {
    /// Wall seconds a completion may take in all; scanning new files is the slow part.
    static let limit: UInt32 = 3

    /// ArgumentParser's `.custom` closure: the command line's words, the index of the
    /// word being completed and its prefix (the shell filters by it).
    @Sendable static func styles(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        quietAndBounded()
        return names(in: catalog(words))
    }

    /// `remove <TAB>`: only the styles remove would take out, the ones this
    /// user installed; a bundled or system style would only be refused.
    @Sendable static func removable(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        quietAndBounded()
        let entries = catalog(words)
        let environment = self.environment()
        return names(in: entries) { RemoveCommand.installedFolder($0, environment: environment) != nil }
    }

    /// Nothing into the terminal, and never longer than `limit`.
    private static func quietAndBounded() {
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        if null >= 0 { dup2(null, 2) }
        // SIGALRM's default action ends the process (unblocked: a shell started by a
        // program that blocks signals hands the mask down); scanner children die with it.
        var alarmOnly = sigset_t()
        sigemptyset(&alarmOnly)
        sigaddset(&alarmOnly, SIGALRM)
        sigprocmask(SIG_UNBLOCK, &alarmOnly, nil)
        signal(SIGALRM, SIG_DFL)
        alarm(limit)
    }

    /// The ids of the loaded styles `offered` picks, then the short names of
    /// those that only one loaded style (offered or not) answers to.
    static func names(in entries: [PluginEntry], offering offered: (PluginEntry) -> Bool = { _ in true }) -> [String] {
        let loaded = entries.filter { $0.status == .loaded }
        let all = loaded.compactMap { $0.descriptor?.id }
        var counts: [String: Int] = [:]
        for id in all { counts[shortName(id), default: 0] += 1 }
        let ids = loaded.filter(offered).compactMap { $0.descriptor?.id }
        let short = ids.map(shortName).filter { counts[$0] == 1 && !all.contains($0) }
        return ids + short
    }

    /// What the search path, the cache and the user's style folders depend on.
    private static func environment() -> [String: String] {
        var environment: [String: String] = [:]
        for key in ["REFRESH_HOST_PLUGIN_PATH", "HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"] {
            if let value = getenv(key) { environment[key] = String(cString: value) }
        }
        return environment
    }

    private static func shortName(_ id: String) -> String {
        String(id.split(separator: ".").last ?? Substring(id)).lowercased()
    }

    /// The catalog of the search path the command line would use: its `--plugin-path`
    /// words that name something (the user may still be typing one), and, for
    /// `validate`, the library it names, whose styles are then the only answer.
    private static func catalog(_ words: [String]) -> [PluginEntry] {
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
        let environment = self.environment()
        guard let directories = try? SearchPath.standard(options: paths, environment: environment) else { return [] }
        let scanner = FilePaths.executablePath()
        var options = PluginRegistry.Options(
            scanner: scanner, cacheFolder: scanner == nil ? nil : RegistryCache.folder(environment: environment))
        options.deadline = 1
        // As every command's catalog: the adapters read the user's designer styles too (and cache them apart).
        options.context = PluginRegistry.Options.context(designs: UserFolders.designs(environment: environment))
        let entries = PluginRegistry(directories: directories, options: options).entries
        guard let library, let resolved = realpath(library, nil) else { return entries }
        defer { free(resolved) }
        let file = String(cString: resolved)
        return entries.filter { $0.file == file }
    }
}
