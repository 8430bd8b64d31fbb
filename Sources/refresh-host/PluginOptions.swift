import ArgumentParser
import RefreshDiscovery
import RefreshPluginRuntime
import RefreshInstall

#if canImport(Glibc)
import Glibc
#endif

enum ABIVersionText {
    static var host: String { ABIVersion.host.description }
}

/// Where to look for plugins: shared by every command.
struct PluginOptions: ParsableArguments {
    @Option(name: .customLong("plugin-path"),
            help: ArgumentHelp("A folder of plugins or one .so, searched first. Repeatable.", valueName: "path"),
            completion: .file(extensions: ["so"]))
    var pluginPaths: [String] = []

    @Flag(help: "Ignore the registry cache and scan every plugin file again, quarantined ones too.")
    var rescan = false

    static let scanTimeoutRange = NumberRange(lower: 0, upper: 600, lowerOpen: true, unit: "seconds")
    @Option(name: .customLong("scan-timeout"), parsing: .unconditional,
            help: ArgumentHelp("Seconds a plugin file may take to load in the scanner before it is quarantined, \(scanTimeoutRange.text).",
                               valueName: "seconds"))
    var scanTimeoutOption = TypedNumber(2)

    /// --scan-timeout as typed (valid after `validate()`), for a child's command line.
    var scanTimeout: String { scanTimeoutOption.text }

    func validate() throws {
        try Self.scanTimeoutRange.check("--scan-timeout", scanTimeoutOption)
        // An empty path would mean the current folder, which is searched only when named (docs/cli.md).
        if pluginPaths.contains("") {
            throw ValidationError("--plugin-path '': an empty path; name a folder or a .so (. for the current folder)")
        }
    }

    /// The plugins on the search path as the scanner and the registry cache know them:
    /// no plugin code runs in this process. A damaged cache gets one warning line on stderr.
    func catalog(adding file: String? = nil) throws -> PluginRegistry {
        let environment = environment()
        let scanner = FilePaths.executablePath()
        var options = PluginRegistry.Options(
            scanner: scanner, cacheFolder: scanner == nil ? nil : RegistryCache.folder(environment: environment))
        options.deadline = Double(scanTimeout) ?? 2
        options.rescan = rescan
        // Designer adapters read a data folder named by the environment: another folder, another cache.
        options.context = PluginRegistry.Options.context(designs: UserFolders.designs(environment: environment))
        // A file being validated is scanned last, so the search path's own order decides who wins.
        let extra = file.map { [SearchDirectory($0, .option)] } ?? []
        let console = Console.current
        let catalog = PluginRegistry(directories: try directories() + extra, options: options) { console.warn($0) }
        if console.isVerbose {
            for d in catalog.directories { console.detail("search path: \(d.path) (\(d.origin.rawValue))") }
            console.detail("registry cache: \(catalog.cacheFile ?? "none"): \(catalog.cachedCount) file(s) from it, "
                           + "\(catalog.scannedCount) scanned")
        }
        return catalog
    }

    private func directories() throws -> [SearchDirectory] {
        let directories: [SearchDirectory]
        do {
            directories = try SearchPath.standard(options: pluginPaths, environment: environment())
        } catch {
            throw CLIError.notFound(error.description)
        }
        UnreadableFolders.warn(about: directories.filter { $0.origin == .option || $0.origin == .environment })
        return directories
    }

    /// These options as command-line arguments, for a command this one runs in turn.
    var arguments: [String] {
        pluginPaths.flatMap { ["--plugin-path", $0] } + (rescan ? ["--rescan"] : []) + ["--scan-timeout", scanTimeout]
    }

    /// The entry of the style `name` names (an id or a short name), for a
    /// supervisor that will run it in a worker.
    func resolve(_ name: String) throws -> PluginEntry {
        let entry: PluginEntry
        do { entry = try catalog().lookup(name) } catch let error as LookupError { throw CLIError.notFound(error.description) }
        Console.current.detail("\(name): \(entry.descriptor?.id ?? "?") from \(entry.file) (\(entry.origin.rawValue))")
        return entry
    }

    /// The variables the search path, the cache and the user's style folders depend on.
    func environment() -> [String: String] {
        var result: [String: String] = [:]
        for key in ["REFRESH_HOST_PLUGIN_PATH", "HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"] {
            if let value = getenv(key) { result[key] = String(cString: value) }
        }
        return result
    }
}

