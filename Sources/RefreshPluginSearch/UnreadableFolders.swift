import RefreshConsole
import RefreshDiscovery
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A folder the user named for plugins (--plugin-path, REFRESH_HOST_PLUGIN_PATH)
/// that exists but cannot be listed: the scan finds nothing there, which is
/// worth one warning, once per process however often the search path is read.
public enum UnreadableFolders {
    private static let warned = Mutex<Set<String>>([])

    public static func warn(about directories: [SearchDirectory]) {
        for directory in directories {
            var info = stat()
            guard stat(directory.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }
            guard let folder = opendir(directory.path) else {
                let why = String(cString: strerror(errno))
                guard warned.withLock({ $0.insert(directory.path).inserted }) else { continue }
                Console.current.warning("\(directory.origin.rawValue) \(directory.path): cannot read the folder (\(why)); "
                    + "no plugins from it")
                continue
            }
            closedir(folder)
        }
    }
}
