import RefreshConsole
import RefreshDiscovery
import RefreshInstall
import RefreshPluginRuntime

#if canImport(Glibc)
import Glibc
#endif

/// The search path a command uses, from its --plugin-path, --rescan and
/// --scan-timeout and the environment: the catalog of what is on it (no
/// plugin code runs in this process), and the entry a style name names.
public struct PluginSearch: Sendable {
    public var pluginPaths: [String]
    public var rescan: Bool
    /// Seconds a scanner child may take before its file is quarantined.
    public var scanTimeout: Double
    public var environment: [String: String]
    /// The binary whose `worker` children (the scan job) read the files the cache does not know: this one.
    public var scanner = FilePaths.executablePath()

    public init(pluginPaths: [String] = [], rescan: Bool = false, scanTimeout: Double = 2,
                environment: [String: String] = SearchEnvironment.current()) {
        self.pluginPaths = pluginPaths
        self.rescan = rescan
        self.scanTimeout = scanTimeout
        self.environment = environment
    }

    /// The folders in the search order; the ones the user named that cannot be read get a warning, once.
    public func directories() throws(PluginSearchError) -> [SearchDirectory] {
        let directories: [SearchDirectory]
        do {
            // Designers' files go to the Lottie adapter (DesignPreviews), not to the plugin search.
            directories = try SearchPath.standard(options: pluginPaths.filter { !DesignPreviews.isDesign($0) },
                                                  environment: environment)
        } catch {
            throw PluginSearchError(error.description)
        }
        UnreadableFolders.warn(about: directories.filter { $0.origin == .option || $0.origin == .environment })
        return directories
    }

    /// The plugins on the search path as the scanner and the registry cache know them:
    /// no plugin code runs in this process. A damaged cache gets one warning line on stderr.
    /// `file`: one more plugin, scanned last, so the search path's own order decides who wins.
    public func registry(adding file: String? = nil) throws(PluginSearchError) -> PluginRegistry {
        let extra = file.map { [SearchDirectory($0, .option)] } ?? []
        return catalog(PathWalk(directories: try directories() + extra), options: catalogOptions())
    }

    /// Hands `sink` `render`'s bytes of the catalog: from `name`'s output cache
    /// (CatalogOutputCache) when nothing on the path changed since they were kept,
    /// rendered (and kept) otherwise. --rescan and --verbose always render: both
    /// are about looking again. Throws what `sink` throws, a PluginSearchError, or
    /// CatalogOutputCache.CutShort.
    public func writeCatalog(_ name: String, render: (PluginRegistry) -> [UInt8],
                             to sink: (ArraySlice<UInt8>) throws -> Void) throws {
        let options = catalogOptions()
        let directories = try directories()
        guard !rescan, !Console.current.isVerbose, let folder = options.cacheFolder, let scanner = options.scanner else {
            return try sink(render(catalog(PathWalk(directories: directories), options: options))[...])
        }
        let cache = CatalogOutputCache(name: name, registry: RegistryCache(folder: folder, scanner: scanner, context: options.context))
        try cache.withKept { kept in
            let walk = PathWalk(directories: directories, listings: kept?.listings ?? [])
            let inputs = cache.inputs(of: walk)
            if let inputs, let kept, try cache.write(kept, for: inputs, now: walk.now, to: sink) { return }
            let registry = catalog(walk, options: options)
            let output = render(registry)
            if let inputs { cache.store(output, inputs: inputs, walk: walk, registry: registry) }
            try sink(output[...])
        }
    }

    /// The scan options of every command's catalog, the adapters' context included.
    private func catalogOptions() -> PluginRegistry.Options {
        var options = scanOptions
        options.rescan = rescan
        // Designer adapters read a data folder named by the environment: another folder, another cache.
        options.context = PluginRegistry.Options.context(designs: UserFolders.designs(environment: environment))
        // What the adapters read depends on the previews as well: another set, another cache.
        let previews = DesignPreviews.activate(pluginPaths.filter(DesignPreviews.isDesign))
        if !previews.isEmpty { options.context += " previews " + previews }
        return options
    }

    private func catalog(_ walk: PathWalk, options: PluginRegistry.Options) -> PluginRegistry {
        let console = Console.current
        let catalog = PluginRegistry(walk: walk, options: options) { console.warn($0) }
        if console.isVerbose {
            for d in catalog.directories { console.detail("search path: \(d.path) (\(d.origin.rawValue))") }
            console.detail("registry cache: \(catalog.cacheFile ?? "none"): \(catalog.cachedCount) file(s) from it, "
                           + "\(catalog.scannedCount) scanned")
        }
        return catalog
    }

    /// How a file is scanned: in scanner children of this executable, through the registry cache.
    public var scanOptions: PluginRegistry.Options {
        var options = PluginRegistry.Options(
            scanner: scanner, cacheFolder: scanner == nil ? nil : RegistryCache.folder(environment: environment))
        options.deadline = scanTimeout
        return options
    }

    /// The entry of the style `name` names (an id or a short name, or a designer's folder or
    /// Lottie file to look at where it is: DesignPreviews).
    public func resolve(_ name: String) throws(PluginSearchError) -> PluginEntry {
        if Self.namesPreview(name) { return try preview(name) }
        let entry = try Self.lookup(name, in: registry())
        Console.current.detail("\(name): \(entry.descriptor?.id ?? "?") from \(entry.file) (\(entry.origin.rawValue))")
        return entry
    }

    /// Whether a style argument names a designer's folder or file rather than a style: a path
    /// (a '/', or a .json or .lottie file that is there); a path that is not there is one line.
    public static func namesPreview(_ name: String) -> Bool {
        guard name.contains("/") || DesignPreviews.isDataFile(name) else { return false }
        var info = stat()
        return stat(name, &info) == 0 ? DesignPreviews.isDesign(name) : name.contains("/")
    }

    /// The style the Lottie adapter makes of the folder or file at `path`: the first one, as
    /// the adapter orders them; one line naming the path when it makes none.
    func preview(_ path: String) throws(PluginSearchError) -> PluginEntry {
        var info = stat()
        guard stat(path, &info) == 0 else { throw PluginSearchError("\(path): no such file or folder") }
        let absolute = DesignPreviews.absolute(path)
        var search = self
        search.pluginPaths.append(absolute)
        let catalog = try search.registry()
        let real = FilePaths.canonical(absolute) ?? absolute
        func inside(_ source: String) -> Bool { [absolute, real].contains { source == $0 || source.hasPrefix($0 + "/") } }
        if let entry = catalog.entries.first(where: { $0.descriptor?.source.map(inside) == true && $0.status == .loaded }) {
            Console.current.detail("\(path): \(entry.descriptor?.id ?? "?") from \(entry.file)")
            return entry
        }
        // The adapter's refusal names the file: the one about this path says why.
        let names = Set(((FolderTree.entries(of: absolute) ?? []) + [String(absolute.split(separator: "/").last ?? "")]))
        let refusal = catalog.entries.compactMap { entry -> String? in
            guard case let .rejected(why) = entry.status, names.contains(where: { why.hasPrefix($0 + ":") }) else { return nil }
            return why
        }.first
        // A file's own refusal already starts with its name: once is enough.
        let last = String(absolute.split(separator: "/").last ?? "")
        if let refusal, refusal.hasPrefix(last + ": "), path.hasSuffix("/" + last) || path == last {
            throw PluginSearchError(path + refusal.dropFirst(last.count))
        }
        throw PluginSearchError("\(path): " + (refusal ?? "no style made of it (a Lottie .json or .lottie, or a folder holding one)"))
    }

    /// `name` in `catalog`, or what it does not lead to.
    public static func lookup(_ name: String, in catalog: PluginRegistry) throws(PluginSearchError) -> PluginEntry {
        do { return try catalog.lookup(name) } catch { throw PluginSearchError(error.description) }
    }
}
