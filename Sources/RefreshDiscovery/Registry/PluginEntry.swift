import RefreshPluginRuntime

/// One style (or one file that gave none) found on the search path, and
/// what became of it, as the registry lists it whether it learned it from
/// scanner children or by loading the file in this process (LoadedPlugins).
public struct PluginEntry: Equatable, Sendable {
    /// The style, when its descriptor could be read.
    public var descriptor: StyleDescriptor?
    public var file: String
    public var origin: SearchDirectory.Origin
    public var status: PluginStatus
    public var abiVersion: ABIVersion?

    public init(descriptor: StyleDescriptor?, file: String, origin: SearchDirectory.Origin, status: PluginStatus,
                abiVersion: ABIVersion? = nil) {
        self.descriptor = descriptor
        self.file = file
        self.origin = origin
        self.status = status
        self.abiVersion = abiVersion
    }
}

public enum PluginStatus: Equatable, Sendable {
    case loaded
    /// Another file earlier on the search path has a style with this id.
    case shadowed(by: String)
    /// The library loaded but broke the ABI's rules (a NULL entry, an old major, a bad descriptor).
    case rejected(String)
    /// The file gate refused the file before any loader saw it (not a regular file, truncated,
    /// another architecture, world-writable, ...).
    case refused(String)
    /// The file crashed or hung the scanner; skipped until it changes.
    case quarantined(String)

    /// One word for the status, as `list --json` spells it.
    public var word: String {
        switch self {
        case .loaded: "loaded"
        case .shadowed: "shadowed"
        case .rejected: "rejected"
        case .refused: "refused"
        case .quarantined: "quarantined"
        }
    }

    /// Why the style is not available, or nil when it is loaded.
    public var reason: String? {
        switch self {
        case .loaded: nil
        case let .shadowed(by): "shadowed by \(by)"
        case let .rejected(why), let .refused(why), let .quarantined(why): why
        }
    }
}
