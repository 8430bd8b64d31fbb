import RefreshPluginRuntime

#if canImport(Glibc)
import Glibc
#endif

/// Where a Swift project finds RefreshStyleKit: REFRESH_HOST_SWIFT_KIT, else
/// the kit installed beside this executable.
public enum InstalledKit {
    /// The kit for this process: its REFRESH_HOST_SWIFT_KIT and its executable.
    public static func path() -> String? {
        path(variable: getenv("REFRESH_HOST_SWIFT_KIT").map { String(cString: $0) }, executable: FilePaths.executablePath())
    }

    /// `variable` when set (a relative one from the current folder), else
    /// <prefix>/share/refresh-host/swift/RefreshStyleKit beside `executable`
    /// (<prefix>/bin/refresh-host), or nil when neither names a folder.
    public static func path(variable: String?, executable: String?) -> String? {
        if let kit = variable, !kit.isEmpty {
            return kit.hasPrefix("/") ? FilePaths.normalize(kit) : FilePaths.normalize((FilePaths.currentDirectory() ?? "") + "/" + kit)
        }
        guard let executable else { return nil }
        let kit = FilePaths.normalize(executable + "/../../share/refresh-host/swift/RefreshStyleKit")
        return access(kit, F_OK) == 0 ? kit : nil
    }
}
