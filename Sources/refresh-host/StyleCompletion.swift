import RefreshCatalog
import RefreshHostLoader

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
        return names(in: catalog(words))
    }

    /// The styles' ids, then the short names that only one style answers to.
    static func names(in entries: [PluginEntry]) -> [String] {
        let ids = entries.filter { $0.status == .loaded }.compactMap { $0.descriptor?.id }
        var counts: [String: Int] = [:]
        for id in ids { counts[shortName(id), default: 0] += 1 }
        let short = ids.map(shortName).filter { counts[$0] == 1 && !ids.contains($0) }
        return ids + short
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
        var environment: [String: String] = [:]
        for key in ["REFRESH_HOST_PLUGIN_PATH", "HOME", "XDG_CACHE_HOME"] {
            if let value = getenv(key) { environment[key] = String(cString: value) }
        }
        guard let directories = try? SearchPath.standard(options: paths, environment: environment) else { return [] }
        let scanner = SearchPath.executablePath()
        var options = PluginCatalog.Options(
            scanner: scanner, cacheFolder: scanner == nil ? nil : RegistryCache.folder(environment: environment))
        options.deadline = 1
        let entries = PluginCatalog(directories: directories, options: options).entries
        guard let library, let resolved = realpath(library, nil) else { return entries }
        defer { free(resolved) }
        let file = String(cString: resolved)
        return entries.filter { $0.file == file }
    }
}
