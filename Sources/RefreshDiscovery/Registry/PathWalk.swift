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

    /// What each folder held (FolderListing), for the next walk: only the ones
    /// settled enough to be trusted by their identity alone.
    public let listings: [FolderListing]

    /// `listings`: what folders held when they were last read (a kept walk's
    /// `listings`), each used again while its folder is unchanged.
    public init(directories: [SearchDirectory], listings kept: [FolderListing] = []) {
        self.directories = directories
        // Before any stat: a file whose change is this close to now needs a digest too.
        let now = RegistryCache.now()
        self.now = now
        // Each file once, by its canonical path (a refused one by its path as found). Only a
        // link, a folder reached through one, or two folders on the path one inside the other
        // can list a file twice; without them no path is hashed (a thousand paths in a Set
        // were a sixth of a warm list's walk).
        var items: [Item] = []
        var folders: [String] = []
        var mayRepeat = false
        var listings: [FolderListing] = []
        for directory in directories {
            SearchPath.withPluginFolder(directory.path, kept: kept.first { $0.path == directory.path }) { folder in
                if let listing = folder.listing, listing.isSettled(now: now), !listings.contains(where: { $0.path == listing.path }) {
                    listings.append(listing)
                }
                guard folder.count > 0 else { return }
                if folders.contains(where: { Self.overlap($0, directory.path) }) { mayRepeat = true }
                folders.append(directory.path)
                let located = Self.locate(folder, origin: directory.origin)
                if located.mayRepeat { mayRepeat = true }
                // The first folder's items as they are: an append would copy each one.
                if items.isEmpty { items = located.items } else { items += located.items }
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
        self.listings = listings
    }

    /// Files at most this many a piece: a folder of more than one piece is located on two threads.
    static let piece = 128

    /// Each file of `folder` through the file gate's stat checks, in order (a file
    /// gone since the folder was read is left out), and whether one is a link or
    /// in a folder reached through one. A big folder's files are taken a piece at a
    /// time by two threads (most of a warm walk is the kernel's lstat, and a machine
    /// with two cores runs two at once); should the second thread not get a core
    /// soon, the first takes every piece itself.
    static func locate(_ folder: PluginFolder, origin: SearchDirectory.Origin) -> (items: [Item], mayRepeat: Bool) {
        let count = folder.count
        // Each piece fills its own slots: no lock, and no copy of an item until the one move into the array.
        let slots = Slots(count: count)
        defer { slots.deallocate() }
        let taken = Counter()
        let pieces = (count + piece - 1) / piece
        @Sendable func locatePieces() {
            let memo = FileGate.Memo()
            while case let next = taken.next(), next < pieces {
                for i in (next * piece)..<min(count, (next + 1) * piece) {
                    let (file, link) = folder.file(i)
                    switch FileGate.locate(file, memo: memo, linkStat: link) {
                    case .missing: slots.put(nil, at: i)  // gone since the folder was read
                    case let .refused(why): slots.put(.refused(file: file, origin: origin, reason: why), at: i)
                    case let .located(located): slots.put(.located(located, origin: origin), at: i)
                    }
                }
            }
        }
        if pieces > 1 { Self.onTwoThreads(locatePieces) } else { locatePieces() }
        var mayRepeat = false
        let items = [Item](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0..<count {
                guard let item = slots.take(at: i) else { continue }
                if case let .located(file, _) = item, file.isLink || file.resolved != file.path { mayRepeat = true }
                (buffer.baseAddress! + initialized).initialize(to: item)
                initialized += 1
            }
        }
        return (items, mayRepeat)
    }

    /// The pieces handed out. A class around the atomic: a closure that captured the
    /// atomic itself looked up its type by name when it was freed, at a cost of tens of µs.
    private final class Counter: Sendable {
        private let value = Atomic<Int>(0)
        func next() -> Int { value.add(1, ordering: .relaxed).oldValue }
    }

    /// One item's place per file, filled by whichever thread takes its piece: pieces never
    /// share a slot, and the threads are joined before any slot is read.
    private struct Slots: @unchecked Sendable {
        let base: UnsafeMutablePointer<Item?>
        init(count: Int) { base = .allocate(capacity: max(count, 1)) }
        func put(_ item: Item?, at i: Int) { (base + i).initialize(to: item) }
        /// The item moved out: each slot is taken once.
        func take(at i: Int) -> Item? { (base + i).move() }
        func deallocate() { base.deallocate() }
    }

    /// `body` on this thread and on one more at once; returns when both are
    /// done. A bare thread, not a dispatch queue: setting up dispatch's pool
    /// cost more than the second core saved. When no thread can be made,
    /// `body` runs on this one only.
    static func onTwoThreads(_ body: @Sendable () -> Void) {
        withoutActuallyEscaping(body) { onTwoThreads(escaping: $0) }
    }

    private static func onTwoThreads(escaping body: @escaping @Sendable () -> Void) {
        final class Box: Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 1 << 20)
        let box = Unmanaged.passRetained(Box(body))
        var thread = pthread_t()
        let made = pthread_create(&thread, &attributes, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, box.toOpaque()) == 0
        if !made { box.release() }
        body()
        if made { pthread_join(thread, nil) }
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
