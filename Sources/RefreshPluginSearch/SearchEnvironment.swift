#if canImport(Glibc)
import Glibc
#endif

/// The variables the search path, the registry cache and the user's style
/// folders depend on, read from this process's environment in one place.
public enum SearchEnvironment {
    public static let keys = ["REFRESH_HOST_PLUGIN_PATH", "HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"]

    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        for key in keys {
            if let value = getenv(key) { result[key] = String(cString: value) }
        }
        return result
    }
}
