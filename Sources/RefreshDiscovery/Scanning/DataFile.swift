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

    /// "device inode size seconds nanoseconds path", or "- path" when absent
    /// (the path last: it may hold spaces).
    var encoded: String {
        guard let i = identity else { return "- " + path }
        return "\(i.device) \(i.inode) \(i.size) \(i.mtimeSeconds) \(i.mtimeNanoseconds) \(path)"
    }

    init?(encoded: String) {
        if encoded.hasPrefix("- /") {
            self.init(path: String(encoded.dropFirst(2)), identity: nil)
            return
        }
        let parts = encoded.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: false)
        guard parts.count == 6, parts[5].hasPrefix("/"),
              let identity = RegistryCache.identity(parts[0..<5].joined(separator: " "))
        else { return nil }
        self.init(path: String(parts[5]), identity: identity)
    }
}
