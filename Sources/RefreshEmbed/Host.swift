import RefreshEmbedABI
import RefreshDiscovery
import RefreshInstall
import RefreshPluginRuntime
import RefreshPluginSearch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// rhe_host_t: the search path and its catalogue (read as `refresh-host list`
/// reads it: scanner children of the refresh-host executable, through the
/// same registry cache), the views' defaults, and the log callback.
final class EmbedHost {
    let options: HostOptions
    let workerExecutable: String
    let directories: [SearchDirectory]
    private let environment: [String: String]
    private(set) var registry: PluginRegistry
    /// The catalogue as the API hands it out; its strings live until the next rescan.
    private(set) var styles: [StyleInfo] = []
    private var pool = CStrings()
    /// Live views: the host is not freed while any is.
    var viewCount = 0
    /// Views of this host inside an event callback: the host may not be rescanned or freed from one.
    var dispatching = 0

    init(options: HostOptions) throws(EmbedError) {
        self.options = options
        environment = Self.environment()
        workerExecutable = try WorkerLocator.locate(given: options.workerExecutable, environment: environment)
        directories = try Self.directories(options.searchPaths, executable: workerExecutable, environment: environment)
        var warnings: [String] = []
        registry = Self.scan(directories, executable: workerExecutable, budget: options.budget, environment: environment) {
            warnings.append($0)
        }
        catalogue()
        for line in warnings { log(.warning, line) }
    }

    /// Reads the search path again; the old catalogue's strings go.
    func rescan() {
        var warnings: [String] = []
        registry = Self.scan(directories, executable: workerExecutable, budget: options.budget, environment: environment) {
            warnings.append($0)
        }
        catalogue()
        for line in warnings { log(.warning, line) }
    }

    private func catalogue() {
        let pool = CStrings()
        styles = registry.styles.compactMap { entry in entry.descriptor.map { StyleInfo($0, file: entry.file, pool: pool) } }
        self.pool = pool
    }

    /// The registry as the CLI reads it: scanner children of `executable`, the registry cache.
    private static func scan(_ directories: [SearchDirectory], executable: String, budget: Double,
                             environment: [String: String], warn: (String) -> Void) -> PluginRegistry {
        var scan = PluginRegistry.Options(scanner: executable, cacheFolder: RegistryCache.folder(environment: environment))
        scan.deadline = budget
        // The CLI's context, so both share the cache's records (designers' files are read from this folder).
        scan.context = PluginRegistry.Options.context(designs: UserFolders.designs(environment: environment))
        return PluginRegistry(directories: directories, options: scan, warn: warn)
    }

    /// Passes a line to the application's log callback, at or above its level.
    func log(_ level: HostLog.Level, _ line: String) {
        guard let callback = options.log, level >= options.logLevel else { return }
        LogCallback.call { line.withCString { callback(rhe_log_level_t(level.rawValue), $0, options.logUserData) } }
    }

    /// The folders searched: the caller's only, or the CLI's search path with this executable's prefix.
    private static func directories(_ paths: [String]?, executable: String, environment: [String: String])
        throws(EmbedError) -> [SearchDirectory]
    {
        guard let paths else {
            do {
                return try SearchPath.standard(options: [], environment: environment, executablePath: executable)
            } catch {
                throw EmbedError(RHE_ERR_SEARCH_PATH, error.description)
            }
        }
        let cwd = FilePaths.currentDirectory() ?? "/"
        return try paths.map { path throws(EmbedError) in
            let absolute = path.hasPrefix("/") ? path : cwd + "/" + path
            guard FilePaths.entries(of: absolute) != nil || absolute.hasSuffix(".so") && access(absolute, F_OK) == 0 else {
                throw EmbedError(RHE_ERR_SEARCH_PATH, "search path \(path): not a readable folder or a .so file")
            }
            return SearchDirectory(FilePaths.normalize(absolute), .option)
        }
    }

    private static func environment() -> [String: String] {
        var environment = SearchEnvironment.current()
        if let path = getenv("PATH") { environment["PATH"] = String(cString: path) }
        return environment
    }
}
