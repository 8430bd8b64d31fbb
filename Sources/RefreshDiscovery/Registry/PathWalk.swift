import RefreshPluginRuntime

/// Every plugin file on the search path, in search order, each once, as the
/// file gate's stat checks find it: the registry's first step, kept apart so
/// that a command can tell from it alone (no cache read, no scan) whether
/// anything on the path changed since an output was rendered (CatalogOutputCache).
public struct PathWalk {
    public enum Item {
        /// Refused by the gate's stat checks (a FIFO, a world-writable folder...).
        case refused(file: String, origin: SearchDirectory.Origin, reason: String)
        case located(FileGate.Located, origin: SearchDirectory.Origin)
    }

    public let directories: [SearchDirectory]
    public let items: [Item]
    /// The time just before the first stat (RegistryCache.now()).
    public let now: Int64

    public init(directories: [SearchDirectory]) {
        self.directories = directories
        // Before any stat: a file whose change is this close to now needs a digest too.
        now = RegistryCache.now()
        // Each file once, by its canonical path (a refused one by its path as found). Only a
        // link, a folder reached through one, or two folders on the path one inside the other
        // can list a file twice; without them no path is hashed (a thousand paths in a Set
        // were a sixth of a warm list's walk).
        var items: [Item] = []
        var folders: [String] = []
        var mayRepeat = false
        let memo = FileGate.Memo()
        for directory in directories {
            var listed = false
            SearchPath.visitPluginFiles(in: directory.path) { file, link in
                if !listed {
                    listed = true
                    if folders.contains(where: { Self.overlap($0, directory.path) }) { mayRepeat = true }
                    folders.append(directory.path)
                }
                switch FileGate.locate(file, memo: memo, linkStat: link) {
                case .missing: return  // gone since the folder was read
                case let .refused(why):
                    items.append(.refused(file: file, origin: directory.origin, reason: why))
                case let .located(located):
                    if located.isLink || located.resolved != located.path { mayRepeat = true }
                    items.append(.located(located, origin: directory.origin))
                }
            }
        }
        if mayRepeat {
            var seen: Set<String> = []
            items = items.filter { item in
                switch item {
                case let .refused(file, _, _): seen.insert(file).inserted
                case let .located(file, _): seen.insert(file.resolved).inserted
                }
            }
        }
        self.items = items
    }

    /// Whether one folder is the other or inside it (so both list its files).
    static func overlap(_ a: String, _ b: String) -> Bool {
        a == b || a == "/" || b == "/" || a.hasPrefix(b + "/") || b.hasPrefix(a + "/")
    }

    /// Whether a file changed so recently that its identity alone cannot vouch for it (RegistryCache.isRecent).
    public var hasRecentFile: Bool {
        items.contains { item in
            if case let .located(file, _) = item { return RegistryCache.isRecent(file.identity, now: now) }
            return false
        }
    }
}
