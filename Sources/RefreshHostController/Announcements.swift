/// What a screen reader says as a refresh moves on (`rh_announcements_t`).
/// An empty string says nothing at that point.
public struct Announcements: Equatable, Sendable {
    public var pulling: String
    public var armed: String
    public var refreshing: String
    public var success: String
    public var failure: String
    public var noMore: String

    public init(pulling: String, armed: String, refreshing: String, success: String, failure: String,
                noMore: String) {
        self.pulling = pulling
        self.armed = armed
        self.refreshing = refreshing
        self.success = success
        self.failure = failure
        self.noMore = noMore
    }

    /// The host's defaults for a header, as the header file documents them.
    public static let header = Announcements(
        pulling: "Pull to refresh", armed: "Release to refresh", refreshing: "Refreshing",
        success: "Refreshed", failure: "Refresh failed", noMore: "No more data")
    /// The host's defaults for a footer.
    public static let footer = Announcements(
        pulling: "Pull up to load more", armed: "Release to load more", refreshing: "Loading",
        success: "Loaded", failure: "Loading failed", noMore: "No more data")

    /// What to say when a refresh ends with `result`.
    public func ending(_ result: RefreshResult.Kind) -> String {
        switch result {
        case .success: success
        case .failure: failure
        case .noMore: noMore
        }
    }
}
