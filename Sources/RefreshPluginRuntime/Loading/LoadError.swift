/// Why a plugin file could not be loaded. Each message names the file.
public struct LoadError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case notFound
        case notAbsolute
        case notELF(String)
        /// The file gate refused it before dlopen (see FileGate).
        case refused(String)
        case dlopenFailed(String)
        case missingEntry
        case nullEntry
        case abiRefused(String)
        case entryTooSmall(UInt32)
        case missingFunction(String)
        case initFailed
        case noStyles
    }

    public var path: String
    public var reason: Reason

    public init(_ path: String, _ reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// The reason alone, for tables that show the path in their own column.
    public var reasonText: String {
        switch reason {
        case .notFound: "no such file"
        case .notAbsolute: "not an absolute path"
        case let .notELF(detail): "not an ELF shared object (\(detail))"
        case let .refused(why): why
        case let .dlopenFailed(message): "dlopen failed: \(message)"
        case .missingEntry: "no rh_entry symbol: not a RefreshHost plugin (is rh_entry exported with default visibility?)"
        case .nullEntry: "rh_entry() returned NULL"
        case let .abiRefused(why): why
        case let .entryTooSmall(size): "rh_entry_t.struct_size is \(size), smaller than ABI 1.0's"
        case let .missingFunction(name): "rh_entry_t.\(name) is NULL but required"
        case .initFailed: "init() returned false: the plugin refused to load"
        case .noStyles: "style_count() returned 0"
        }
    }

    public var description: String { "\(path): \(reasonText)" }
}
