import RefreshPluginRuntime

/// A file or folder a plugin made its descriptors from (ABI 1.4's
/// data_paths), with its identity when it was read; nil when it did not
/// exist, so that making it later is noticed too.
public struct DataFile: Equatable, Sendable {
    public var path: String
    public var identity: FileIdentity?

    public init(path: String, identity: FileIdentity?) {
        self.path = path
        self.identity = identity
    }

    /// The file as it is now.
    public static func current(_ path: String) -> DataFile { DataFile(path: path, identity: FileIdentity.of(path)) }

    /// "<identity's seven numbers> path", or "- path" when absent
    /// (the path last: it may hold spaces).
    var encoded: String {
        guard let i = identity else { return "- " + path }
        return i.encoded + " " + path
    }

    init?(encoded: String) {
        if encoded.hasPrefix("- /") {
            self.init(path: String(encoded.dropFirst(2)), identity: nil)
            return
        }
        let parts = encoded.split(separator: " ", maxSplits: 7, omittingEmptySubsequences: false)
        guard parts.count == 8, parts[7].hasPrefix("/"),
              let identity = RegistryCache.identity(parts[0..<7].joined(separator: " "))
        else { return nil }
        self.init(path: String(parts[7]), identity: identity)
    }
}
