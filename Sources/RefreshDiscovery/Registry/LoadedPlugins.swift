import RefreshHostController
import RefreshLayers
import RefreshPluginRuntime

/// Every plugin on a search path loaded into this process, and the registry
/// of what they hold. Only code that runs plugins in-process uses this: a
/// worker (which loads the one file it was given), the tests and the
/// benchmark. A command learns the registry from scanner children instead
/// (`PluginRegistry(directories:options:warn:)`).
public final class LoadedPlugins {
    public let registry: PluginRegistry
    public let dispatcher: PluginDispatcher
    private var libraries: [String: PluginLibrary] = [:]
    /// Canonical paths in load order, for `close`.
    private var order: [String] = []
    private var closed = false

    /// Loads every `.so` on `directories`, in search order, each file once.
    public init(directories: [SearchDirectory], dispatcher: PluginDispatcher = PluginDispatcher()) {
        self.dispatcher = dispatcher
        var list = EntryList()
        var seen: Set<String> = []
        var libraries: [String: PluginLibrary] = [:]
        var order: [String] = []
        for directory in directories {
            for file in SearchPath.pluginFiles(in: directory.path) {
                guard seen.insert(FilePaths.canonical(file) ?? file).inserted else { continue }
                do {
                    let library = try PluginLibrary(path: file, dispatcher: dispatcher)
                    if libraries[library.path] == nil { order.append(library.path) }
                    libraries[library.path] = library
                    list.append(Self.outcome(of: library), file: file, resolved: library.path, origin: directory.origin)
                } catch {
                    let outcome: ScanOutcome
                    if case let .refused(why) = error.reason { outcome = .refused(why) } else { outcome = .rejected(error.reasonText) }
                    list.append(outcome, file: file, resolved: file, origin: directory.origin)
                }
            }
        }
        registry = PluginRegistry(directories: directories, entries: list.entries)
        self.libraries = libraries
        self.order = order
    }

    /// What a scanner child would have reported for `library`.
    static func outcome(of library: PluginLibrary) -> ScanOutcome {
        .loaded(abi: library.abiVersion, styles: library.styles.map {
            switch $0 {
            case let .success(descriptor): .descriptor(descriptor)
            case let .failure(error): .rejected(error.message)
            }
        })
    }

    /// A new instance of the style `name` names, its layers in `tree`.
    /// `pixelScale`: the output's device pixels per point, what pixel_scale tells the style.
    public func makeAnimator(_ name: String, tree: LayerTree, log: HostLog, pixelScale: Double = 1,
                             parameters: [String: ParameterValue] = [:]) throws -> PluginAnimator {
        guard !closed else { throw LookupError("the plugins are closed: their libraries were deinitialized") }
        let entry = try registry.lookup(name)
        guard let library = libraries[entry.file], let descriptor = entry.descriptor else {
            throw LookupError("style '\(name)' has no loaded library")
        }
        return try PluginAnimator(library: library, descriptor: descriptor, tree: tree, log: log, pixelScale: pixelScale,
                                  parameters: parameters)
    }

    /// The loaded library at the canonical `path`, if any.
    public func library(at path: String) -> PluginLibrary? { libraries[path] }

    /// Calls every loaded library's deinit, in load order, once. Destroy
    /// every instance first; no instance may be made afterwards.
    public func close() {
        guard !closed else { return }
        closed = true
        for path in order { libraries[path]?.deinitialize() }
    }
}

/// A style name that does not lead to exactly one loaded style.
public struct LookupError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
