import RefreshPluginRuntime
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Every plugin file on the search path, in search order, each once, as the
/// file gate's stat checks find it: the registry's first step, kept apart so
/// that a command can tell from it alone (no cache read, no scan) whether
/// anything on the path changed since an output was rendered (CatalogOutputCache).
///
/// What the walk keeps is compact: per folder, its files' names and, for a
/// file the gate settles from its lstat alone (a plain file where it was
/// found), only its identity. `items` spells it out when a command needs it;
/// a warm `list --json` never does (its digest reads the compact form).
public struct PathWalk {
    public enum Item: Sendable {
        /// Refused by the gate's stat checks (a FIFO, a world-writable folder...).
        case refused(file: String, origin: SearchDirectory.Origin, reason: String)
        case located(FileGate.Located, origin: SearchDirectory.Origin)
    }

    public let directories: [SearchDirectory]
    /// The time just before the first stat (RegistryCache.now()).
    public let now: Int64
    /// What each folder held (FolderListing), for the next walk: only the ones
    /// settled enough to be trusted by their identity alone.
    public let listings: [FolderListing]
    /// The folders with files, in search order.
    let folders: [WalkedFolder]
    /// Whether a file may be listed twice: a link, a folder reached through one, or
    /// two folders on the path one inside the other. Without them no path is hashed
    /// (a thousand paths in a Set were a sixth of a warm list's walk).
    let mayRepeat: Bool

    /// `listings`: what folders held when they were last read (a kept walk's
    /// `listings`), each used again while its folder is unchanged.
    public init(directories: [SearchDirectory], listings kept: [FolderListing] = []) {
        self.directories = directories
        // Before any stat: a file whose change is this close to now needs a digest too.
        let now = RegistryCache.now()
        self.now = now
        var folders: [WalkedFolder] = []
        var mayRepeat = false
        var listings: [FolderListing] = []
        for directory in directories {
            SearchPath.withPluginFolder(directory.path, kept: kept.first { $0.path == directory.path }) { folder in
                if let listing = folder.listing, listing.isSettled(now: now), !listings.contains(where: { $0.path == listing.path }) {
                    listings.append(listing)
                }
                guard folder.count > 0 else { return }
                if folders.contains(where: { Self.overlap($0.directory.path, directory.path) }) { mayRepeat = true }
                let walked = WalkedFolder(folder, directory: directory)
                if walked.mayRepeat { mayRepeat = true }
                folders.append(walked)
            }
        }
        self.folders = folders
        self.mayRepeat = mayRepeat
        self.listings = listings
    }

    /// Every file once, by its canonical path (a refused one by its path as found), in search order.
    public var items: [Item] {
        let all = folders.flatMap { folder in folder.found.indices.compactMap { folder.item($0) } }
        guard mayRepeat else { return all }
        var seen: Set<String> = []
        return all.filter { item in
            switch item {
            case let .refused(file, _, _): seen.insert(file).inserted
            case let .located(file, _): seen.insert(file.resolved).inserted
            }
        }
    }

    /// Whether one folder is the other or inside it (so both list its files).
    static func overlap(_ a: String, _ b: String) -> Bool {
        a == b || a == "/" || b == "/" || a.hasPrefix(b + "/") || b.hasPrefix(a + "/")
    }

    /// Whether a file changed so recently that its identity alone cannot vouch for it (RegistryCache.isRecent).
    public var hasRecentFile: Bool {
        folders.contains { folder in
            folder.found.contains { found in
                switch found {
                case let .plain(identity): RegistryCache.isRecent(identity, now: now)
                case let .item(box):
                    if case let .located(file, _) = box.item { RegistryCache.isRecent(file.identity, now: now) } else { false }
                case .missing: false
                }
            }
        }
    }
}
