import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers

/// What a check runs against: the plugin file, the options of the run, and
/// the library, loaded once per process on first use (a child process runs
/// one check, so its load is the check's own).
public final class CheckContext {
    public let path: String
    /// Only this style (id or short name), or every style of the library.
    public let style: String?
    public let strictness: Int
    public let seed: UInt64
    public let dispatcher = PluginDispatcher()
    /// Wall seconds the first load took (dlopen, entry, init, descriptors),
    /// less the time the thread waited for a CPU meanwhile (RunQueueDelay).
    public private(set) var loadSeconds: Double?

    private var loaded: Result<PluginLibrary, LoadError>?

    public init(path: String, style: String?, strictness: Int, seed: UInt64) {
        self.path = path
        self.style = style
        self.strictness = strictness
        self.seed = seed
    }

    /// The library as the host loads it, or why it did not load.
    public var loadResult: Result<PluginLibrary, LoadError> {
        if let loaded { return loaded }
        let started = MonotonicClock.seconds(), queuedBefore = RunQueueDelay.seconds()
        let result: Result<PluginLibrary, LoadError>
        do { result = .success(try PluginLibrary(path: path, dispatcher: dispatcher)) } catch { result = .failure(error) }
        let queued = queuedBefore.flatMap { before in RunQueueDelay.seconds().map { $0 - before } } ?? 0
        loadSeconds = max(0, MonotonicClock.seconds() - started - queued)
        loaded = result
        return result
    }

    /// The library, or a Prerequisite naming why checks that need it cannot run.
    func library() throws -> PluginLibrary {
        switch loadResult {
        case let .success(library): return library
        case let .failure(error): throw Prerequisite("the library does not load (\(error.reasonText))")
        }
    }

    /// The styles to exercise: the one `--style` names, or every style whose
    /// descriptor the host accepted (each id once, first wins).
    func styles() throws -> [StyleDescriptor] {
        let library = try library()
        var seen: [String] = []
        var all: [StyleDescriptor] = []
        for d in library.descriptors where !seen.contains(d.id) {
            seen.append(d.id)
            all.append(d)
        }
        guard !all.isEmpty else { throw Prerequisite("the host accepted none of the library's descriptors") }
        guard let style else { return all }
        let key = style.lowercased()
        let chosen = all.filter { $0.id == style || $0.shortName.lowercased() == key }
        guard !chosen.isEmpty else { throw Prerequisite("no style '\(style)' in the library") }
        return chosen
    }

    /// Iterations scaled by strictness: `base` at level 5, `base * 2` at 10, at least 1.
    func scaled(_ base: Int) -> Int { max(1, base * strictness / 5) }

    /// A fresh instance of `descriptor` on a controller, in its own tree
    /// unless `tree` is shared (several instances at once).
    /// Reports go to `log` (a fresh one by default), which outlives a failed setup.
    func driver(_ descriptor: StyleDescriptor, tree: LayerTree? = nil, fps: Double = 60, log: HostLog = HostLog(),
                settings: RunSettings = RunSettings(), parameters: [String: ParameterValue] = [:]) throws -> Driver {
        try Driver(library: library(), descriptor: descriptor, tree: tree, fps: fps, log: log, settings: settings,
                   parameters: parameters)
    }

    /// A seed for one check, derived from the run's seed and the check's id,
    /// so `--only X --seed S` replays exactly what the full run did for X.
    func seed(for checkID: String) -> UInt64 {
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in checkID.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        return seed ^ hash
    }
}
