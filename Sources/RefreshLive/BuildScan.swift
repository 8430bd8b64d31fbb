import Dispatch
import RefreshDiscovery
import RefreshPluginRuntime
import Synchronization

/// What the registry makes of one rebuilt plugin file, found off the preview's
/// thread: the scanner child that loads it takes a moment, and the old build
/// keeps playing meanwhile. The scan goes through the registry cache like any
/// other, so `list` and the next `run` know the new build too.
public final class BuildScan: Sendable {
    public enum Outcome: Equatable, Sendable {
        /// The new build has the style: its entry, to start a worker on.
        case loaded(PluginEntry)
        /// Why the new build cannot take over, in a few words.
        case failed(String)
    }

    private let result = Mutex<Outcome?>(nil)

    /// Starts scanning `path` (the plugin file as found on the search path) for `styleID`.
    public init(path: String, styleID: String, options: PluginRegistry.Options) {
        DispatchQueue.global().async { [self] in
            // A damaged cache is rebuilt quietly: stderr is the preview's terminal.
            let registry = PluginRegistry(directories: [SearchDirectory(path, .option)], options: options)
            let outcome = Self.outcome(registry.entries, styleID: styleID)
            result.withLock { $0 = outcome }
        }
    }

    /// The outcome once the scan is done; nil while it runs.
    public var outcome: Outcome? { result.withLock { $0 } }

    public static func outcome(_ entries: [PluginEntry], styleID: String) -> Outcome {
        if let entry = entries.first(where: { $0.descriptor?.id == styleID && $0.status == .loaded }) {
            return .loaded(entry)
        }
        // The file itself failed (refused, rejected, quarantined): said as `list` says it.
        if let status = entries.first(where: { $0.descriptor == nil })?.status, let why = status.reason {
            return .failed("\(status.word): \(why)")
        }
        let ids = entries.compactMap { $0.descriptor?.id }
        if ids.isEmpty { return .failed("the file is gone") }
        return .failed("it no longer has the style \(styleID) (it has \(ids.joined(separator: ", ")))")
    }
}
