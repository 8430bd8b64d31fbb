import RefreshLayers
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// PNG assets already decoded in this process, shared by every instance of
/// every style (image_load decoded each call: 25-85 ms of setup per
/// instance for a style with a few large assets). Keyed on the file's
/// canonical path and identity (device, inode, size, mtime, ctime), so a
/// changed file is decoded again; a file changed within `recentWindow` of
/// its load is not kept (a second write in the same clock tick would keep
/// its identity). Bounded by `capacity` bytes of pixels: past it the least
/// recently loaded go. An entry's pixels are shared with the images made
/// from it (copy on write, never written), so the bound counts pixels that
/// may also be on screen.
final class DecodedImages: Sendable {
    /// 64 MiB, RH_IMAGE_MAX_BYTES: one instance's worth of images.
    static let shared = DecodedImages(capacity: RasterImage.maxBytesPerInstance)
    /// Nanoseconds: well above a local file system's clock tick (4 ms here,
    /// 10 ms at most), and short enough that an asset copied just before a
    /// run is still shared. The registry cache, which outlives processes, waits 3 s.
    static let recentWindow: Int64 = 100_000_000

    struct Key: Hashable {
        var path: String
        var identity: FileIdentity
    }

    private struct Entry {
        var image: RasterImage
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        var hits = 0
        var misses = 0
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The decoded image of `path` as it is now, or nil (then `key` names what to decode and store).
    func lookup(_ path: String) -> (image: RasterImage?, key: Key?) {
        guard let identity = FileIdentity.of(path) else { return (nil, nil) }
        let key = Key(path: path, identity: identity)
        let image = state.withLock { s -> RasterImage? in
            s.clock += 1
            guard let entry = s.entries[key] else {
                s.misses += 1
                return nil
            }
            s.entries[key]?.lastUse = s.clock
            s.hits += 1
            return entry.image
        }
        return (image, key)
    }

    /// Keeps `image` as what `key`'s file decodes to, evicting the least recently used past the capacity.
    func store(_ image: RasterImage, for key: Key, now: Int64 = DecodedImages.now()) {
        guard image.byteCount <= capacity, key.identity.lastChange <= now - Self.recentWindow else { return }
        state.withLock { s in
            s.clock += 1
            if let old = s.entries.removeValue(forKey: key) { s.bytes -= old.image.byteCount }
            // Other versions of the file will not be asked for again.
            for (other, entry) in s.entries where other.path == key.path {
                s.entries[other] = nil
                s.bytes -= entry.image.byteCount
            }
            while s.bytes + image.byteCount > capacity, let oldest = s.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                s.entries[oldest.key] = nil
                s.bytes -= oldest.value.image.byteCount
            }
            s.entries[key] = Entry(image: image, lastUse: s.clock)
            s.bytes += image.byteCount
        }
    }

    /// Bytes of pixels held, entries, and lookups that found one or not.
    var statistics: (bytes: Int, count: Int, hits: Int, misses: Int) {
        state.withLock { ($0.bytes, $0.entries.count, $0.hits, $0.misses) }
    }

    func removeAll() {
        state.withLock { s in
            s.entries.removeAll()
            s.bytes = 0
        }
    }

    static func now() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) &* 1_000_000_000 &+ Int64(ts.tv_nsec)
    }
}
