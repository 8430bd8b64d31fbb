import RefreshPluginRuntime
import RefreshWorker

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Every plugin file on the search path, in search order, and what became of
/// each style: loaded, shadowed by an earlier one with the same id, or
/// rejected, refused or quarantined with the reason.
///
/// `init(directories:options:warn:)` learns it without loading a single plugin
/// into this process: the file gate looks at each file, the registry cache
/// answers for files it knows in their current version, and scanner children
/// load the rest (see Scanner). Every command does it this way; only a worker,
/// the tests and the benchmark load plugins here, through `LoadedPlugins`,
/// whose `registry` is one of these with the same entries.
public final class PluginRegistry {
    public struct Options: Sendable {
        /// The binary scanner children run (`refresh-host worker`, the scan job); nil: files the cache does not know are not scanned.
        public var scanner: String?
        /// The cache folder (see RegistryCache.folder); nil: no cache.
        public var cacheFolder: String?
        /// Wall seconds each file may take in its scanner child before it is quarantined.
        public var deadline: Double = 2
        /// Ignore what the cache says and scan every file again, quarantined ones included.
        public var rescan = false
        public var parallelism = Scanner.defaultParallelism
        /// What else the descriptors depend on besides the files: where the
        /// designer adapters look for data (XDG_DATA_HOME, HOME). A cache
        /// written under another value is not trusted.
        public var context = ""

        /// The context for a data folder of designers' files (nil: none).
        public static func context(designs: String?) -> String { "designs " + (designs ?? "-") }

        public init(scanner: String?, cacheFolder: String?) {
            self.scanner = scanner
            self.cacheFolder = cacheFolder
        }
    }

    public let directories: [SearchDirectory]
    public private(set) var entries: [PluginEntry] = []
    /// The cache file in use, or nil when running without one (or loading in this process).
    public let cacheFile: String?
    /// Files whose outcome came from the cache, and files loaded by scanner children, this time.
    public private(set) var cachedCount = 0
    public private(set) var scannedCount = 0
    /// The identity of the registry cache file the outcomes came from, when there was one.
    public private(set) var readCache: FileIdentity?
    /// Whether this run wrote the registry cache (a scan, a changed file, a damaged cache).
    public private(set) var wroteCache = false

    /// The data files the loaded files' styles were made from (a designer adapter's folders and files), as they were read.
    public private(set) var dataFiles: [DataFile] = []

    /// What `LoadedPlugins` found by loading every file in this process.
    init(directories: [SearchDirectory], entries: [PluginEntry]) {
        self.directories = directories
        self.entries = entries
        cacheFile = nil
    }

    /// Finds out about every file on `directories`. `warn` gets one line
    /// (without a newline) for a damaged cache.
    public convenience init(directories: [SearchDirectory], options: Options, warn: (String) -> Void = { _ in }) {
        self.init(walk: PathWalk(directories: directories), options: options, warn: warn)
    }

    /// The same, for the files `walk` found.
    public init(walk: PathWalk, options: Options, warn: (String) -> Void = { _ in }) {
        directories = walk.directories
        let cache = options.cacheFolder.map { RegistryCache(folder: $0, scanner: options.scanner ?? "", context: options.context) }
        cacheFile = cache?.file
        // 1. What is on the path, in search order, each file once, through the gate's stat checks.
        let now = walk.now
        let found = walk.items

        // 2. The cache answers for the files it knows as they are now.
        var known: [String: RegistryCache.Record] = [:]
        var damaged = false
        if let cache {
            var read: FileIdentity?
            switch cache.read(identity: &read) {
            case let .success(records):
                known = records
                readCache = read
            case .failure(.absent): break
            case let .failure(.unreadable(why)):
                warn("refresh-host: warning: \(cache.file): unreadable registry cache (\(why)); rebuilding")
                damaged = true
            }
        }
        var outcomes: [String: ScanOutcome] = [:]
        var updates: [String: RegistryCache.Record] = [:]
        var toScan: [FileGate.Located] = []
        var digests: [String: String] = [:]
        for case let .located(file, _) in found {
            if !options.rescan, var record = known[file.resolved], record.holds(for: file.resolved, identity: file.identity),
               record.outcome.dataIsCurrent {
                outcomes[file.resolved] = record.outcome
                cachedCount += 1
                // Long enough unchanged now: the identity alone will tell from here on.
                if record.digest != nil, !RegistryCache.isRecent(file.identity, now: now) {
                    record.digest = nil
                    updates[file.resolved] = record
                }
                continue
            }
            // Read before the scan, so a change in between makes the digest and the outcome disagree.
            if RegistryCache.isRecent(file.identity, now: now) { digests[file.resolved] = RegistryCache.digest(of: file.resolved) ?? "-" }
            if let why = FileGate.headerProblem(file) {
                outcomes[file.resolved] = .refused(why)
                updates[file.resolved] = RegistryCache.Record(path: file.resolved, identity: file.identity, outcome: .refused(why),
                                                              digest: digests[file.resolved])
            } else {
                toScan.append(file)
            }
        }

        // 3. Scanner children load the rest.
        if !toScan.isEmpty {
            if let executable = options.scanner {
                var scanner = Scanner(executable: executable, deadline: options.deadline)
                scanner.parallelism = options.parallelism
                for (file, result) in zip(toScan, scanner.scan(toScan.map(\.resolved))) {
                    switch result {
                    case let .success(outcome):
                        outcomes[file.resolved] = outcome
                        updates[file.resolved] = RegistryCache.Record(path: file.resolved, identity: file.identity, outcome: outcome,
                                                                      digest: digests[file.resolved])
                    case let .failure(failure):
                        outcomes[file.resolved] = .rejected("not scanned: \(failure.reason)")
                    }
                }
                scannedCount = toScan.count
            } else {
                for file in toScan { outcomes[file.resolved] = .rejected("not scanned: no scanner to load it with") }
            }
        }
        if let cache, !updates.isEmpty || damaged {
            cache.merge(updates)
            wroteCache = true
        }

        // 4. The entries, in search order, the first style with an id winning.
        var list = EntryList()
        for item in found {
            switch item {
            case let .refused(file, origin, reason):
                list.append(.refused(reason), file: file, resolved: file, origin: origin)
            case let .located(file, origin):
                var outcome = outcomes[file.resolved]!
                // The gate's reason is about the resolved file; the entry names the file as found.
                if case let .refused(why) = outcome { outcome = .refused(FileGate.describe(why, for: file)) }
                if case let .loaded(_, _, data) = outcome { dataFiles += data }
                list.append(outcome, file: file.path, resolved: file.resolved, origin: origin)
            }
        }
        entries = list.entries
    }

    /// The loaded styles, in search order.
    public var styles: [PluginEntry] { entries.filter { $0.status == .loaded } }

    /// Finds a loaded style by id, or by a short name (the id's last part,
    /// or the display name, case-insensitive) that only one style answers to.
    public func lookup(_ name: String) throws(LookupError) -> PluginEntry {
        try StyleLookup.find(name, in: entries, searched: directories)
    }
}
