import RefreshPluginRuntime
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One folder of a PathWalk: its files' names (relative to it) and what the
/// file gate's stat checks found for each.
struct WalkedFolder {
    /// What the gate found for one file.
    enum Found {
        /// A regular file where it was found, passing the checks: its identity is all there is to keep.
        case plain(FileIdentity)
        /// Anything else: a link, a file in a style folder, a refusal (the gate's whole answer).
        case item(ItemBox)
        /// Gone since the folder was read.
        case missing
    }

    /// An item kept by reference, so that the plain case sets the size of every slot.
    final class ItemBox: Sendable {
        let item: PathWalk.Item
        init(_ item: PathWalk.Item) { self.item = item }
    }

    let directory: SearchDirectory
    /// The folder's path ("" for "/"), or nil when the search path named a single file.
    let base: String?
    let relative: [String]
    let found: [Found]

    /// Whether a file is a link or resolves elsewhere (so it may be met again by another path).
    var mayRepeat: Bool {
        found.contains { found in
            if case let .item(box) = found, case let .located(file, _) = box.item { file.isLink || file.resolved != file.path } else { false }
        }
    }

    /// The `i`th file's path as found.
    func path(_ i: Int) -> String { base.map { $0 + "/" + relative[i] } ?? relative[i] }

    /// The `i`th file's item, nil when it was gone.
    func item(_ i: Int) -> PathWalk.Item? {
        switch found[i] {
        case let .plain(identity):
            let path = path(i)
            return .located(FileGate.Located(path: path, resolved: path, identity: identity, isLink: false), origin: directory.origin)
        case let .item(box): return box.item
        case .missing: return nil
        }
    }

    /// Files at most this many a piece: a folder of more than one piece is located on two threads.
    static let piece = 128

    /// Each file of `folder` through the file gate's stat checks, in order. A big
    /// folder's files are taken a piece at a time by two threads (most of a warm
    /// walk is the kernel's lstat, and a machine with two cores runs two at once);
    /// should the second thread not get a core soon, the first takes every piece itself.
    init(_ folder: PluginFolder, directory: SearchDirectory) {
        self.directory = directory
        base = folder.isFolder ? folder.base : nil
        relative = folder.relative
        let count = folder.count, origin = directory.origin
        // Each piece fills its own slots: no lock, and no copy until the one move into the array.
        let slots = Slots(count: count)
        let taken = Counter()
        let pieces = (count + Self.piece - 1) / Self.piece
        // The fast path needs a folder to compare with: not "/" and not a file named alone.
        let plainFolder = folder.isFolder && !folder.base.isEmpty ? folder.base : nil
        @Sendable func locatePieces() {
            let memo = FileGate.Memo()
            while case let next = taken.next(), next < pieces {
                for i in (next * Self.piece)..<min(count, (next + 1) * Self.piece) {
                    let link = folder.linkStat(i)
                    if let plainFolder, let link, !folder.relative[i].utf8.contains(UInt8(ascii: "/")),
                       let identity = FileGate.plainIdentity(link, directlyIn: plainFolder, memo: memo) {
                        slots.put(.plain(identity), at: i)
                        continue
                    }
                    let file = folder.path(i)
                    switch FileGate.locate(file, memo: memo, linkStat: link) {
                    case .missing: slots.put(.missing, at: i)
                    case let .refused(why): slots.put(.item(ItemBox(.refused(file: file, origin: origin, reason: why))), at: i)
                    case let .located(located): slots.put(.item(ItemBox(.located(located, origin: origin))), at: i)
                    }
                }
            }
        }
        if pieces > 1 { Self.onTwoThreads(locatePieces) } else { locatePieces() }
        found = [Found](unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: slots.base, count: count)
            initialized = count
        }
        slots.deallocate()
    }

    /// The pieces handed out. A class around the atomic: a closure that captured the
    /// atomic itself looked up its type by name when it was freed, at a cost of tens of µs.
    private final class Counter: Sendable {
        private let value = Atomic<Int>(0)
        func next() -> Int { value.add(1, ordering: .relaxed).oldValue }
    }

    /// One place per file, filled by whichever thread takes its piece: pieces never
    /// share a slot, and the threads are joined before any slot is read.
    private struct Slots: @unchecked Sendable {
        let base: UnsafeMutablePointer<Found>
        init(count: Int) { base = .allocate(capacity: max(count, 1)) }
        func put(_ found: Found, at i: Int) { (base + i).initialize(to: found) }
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
        // The helper starts with every signal blocked: a SIGINT or SIGTERM meant for the command
        // is handled where it always was, never in the middle of a walk's lstat.
        var all = sigset_t(), old = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_SETMASK, &all, &old)
        let made = pthread_create(&thread, &attributes, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, box.toOpaque()) == 0
        pthread_sigmask(SIG_SETMASK, &old, nil)
        if !made { box.release() }
        body()
        if made { pthread_join(thread, nil) }
    }
}
