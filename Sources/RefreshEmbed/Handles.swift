import RefreshEmbedABI
import Synchronization

/// The live hosts and views, by the pointer the application holds: a NULL,
/// made-up or freed pointer is refused before it is ever dereferenced (unless
/// its memory was reused for a new handle). Guarded by a lock because a call
/// from a wrong thread looks its handle up too, before it is refused.
enum Handles {
    /// The handles' addresses (a plain integer is Sendable; the pointer is not).
    private static let live = Mutex(Set<UInt>())

    static func add(_ object: AnyObject) -> OpaquePointer {
        let pointer = Unmanaged.passRetained(object).toOpaque()
        let address = UInt(bitPattern: pointer)
        _ = live.withLock { $0.insert(address) }
        return OpaquePointer(pointer)
    }

    /// Forgets the handle and drops the library's reference to its object.
    static func remove(_ handle: OpaquePointer) {
        let pointer = UnsafeMutableRawPointer(handle)
        let address = UInt(bitPattern: pointer)
        guard live.withLock({ $0.remove(address) }) != nil else { return }
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }

    /// The object behind a live handle of type `T`, on the host's thread.
    static func object<T: AnyObject>(_ handle: OpaquePointer?, _ what: String) throws(EmbedError) -> T {
        guard let handle else { throw .invalid("\(what) is NULL") }
        let pointer = UnsafeMutableRawPointer(handle)
        let address = UInt(bitPattern: pointer)
        guard live.withLock({ $0.contains(address) }) else { throw .invalid("\(what) is not a live handle (freed, or never made)") }
        try HostThread.check()
        guard let object = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? T else {
            throw .invalid("\(what) is a handle of another kind")
        }
        return object
    }
}
