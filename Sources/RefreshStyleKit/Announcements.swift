import RefreshHostABI

/// What a screen reader says as the refresh moves on (ABI 1.3). nil keeps the
/// host's default ("Pull to refresh", "Release to refresh", "Refreshing",
/// "Refreshed", "Refresh failed", "No more data"); "" says nothing there.
/// Name the outcome, not the gesture; at most 255 bytes each.
public struct Announcements: Sendable, Hashable {
    public var pulling: String?
    public var armed: String?
    public var refreshing: String?
    public var success: String?
    public var failure: String?
    public var noMore: String?

    public init(pulling: String? = nil, armed: String? = nil, refreshing: String? = nil,
                success: String? = nil, failure: String? = nil, noMore: String? = nil) {
        self.pulling = pulling
        self.armed = armed
        self.refreshing = refreshing
        self.success = success
        self.failure = failure
        self.noMore = noMore
    }

    /// The C struct, allocated once and never freed (as the descriptor).
    func makeC() -> UnsafePointer<rh_announcements_t> {
        let c = UnsafeMutablePointer<rh_announcements_t>.allocate(capacity: 1)
        c.initialize(to: rh_announcements_t(
            struct_size: UInt32(MemoryLayout<rh_announcements_t>.size),
            pulling: pulling.map(permanentCString), armed: armed.map(permanentCString),
            refreshing: refreshing.map(permanentCString), success: success.map(permanentCString),
            failure: failure.map(permanentCString), no_more: noMore.map(permanentCString)))
        return UnsafePointer(c)
    }
}
