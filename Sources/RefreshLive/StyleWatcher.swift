import RefreshPluginRuntime

/// Notices a new version of a plugin file: `run --watch`'s eyes.
///
/// It polls the file's identity (device, inode, size, mtime in ns, through
/// any symlink) every `interval` seconds rather than asking inotify: builds
/// replace a library every way there is (write a new file and rename it over,
/// truncate and rewrite in place, delete and create, retarget a symlink), and
/// one stat sees them all, on any file system (inotify misses changes made
/// through bind mounts and network file systems, and would need a watch on
/// every folder along a symlink's way). One stat every quarter second costs
/// nothing next to a frame, and the preview's loop calls it anyway.
///
/// A change is reported once the file has kept the same identity for
/// `settle` seconds: a compiler writes a library in pieces, and loading it
/// half-written would report a failure that fixes itself a moment later.
public struct StyleWatcher {
    public enum Change: Equatable {
        /// A new version, unchanged for `settle` seconds.
        case changed(FileIdentity)
        /// The file has been gone for `settle` seconds.
        case gone
    }

    public let path: String
    public var interval = 0.25
    public var settle = 0.5
    /// The version last reported (or found at the start).
    private var known: FileIdentity?
    /// What the last poll saw, and since when.
    private var seen: FileIdentity?
    private var seenSince: Double
    private var lastPoll: Double

    public init(path: String, now: Double) {
        self.path = path
        known = FileIdentity.of(path)
        seen = known
        seenSince = now
        lastPoll = now
    }

    /// Looks at the file if `interval` has passed; a change once it has settled.
    public mutating func poll(now: Double) -> Change? {
        guard now - lastPoll >= interval else { return nil }
        lastPoll = now
        let identity = FileIdentity.of(path)
        if identity != seen {
            seen = identity
            seenSince = now
            return nil
        }
        guard identity != known, now - seenSince >= settle else { return nil }
        known = identity
        return identity.map(Change.changed) ?? .gone
    }
}
