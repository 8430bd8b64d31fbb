/// One style (or one plugin file that failed to load) as the gallery shows it.
public struct GalleryCard: Equatable, Sendable {
    public enum Status: Equatable, Sendable, CustomStringConvertible {
        case loaded
        /// `by` is the winning file as the page shows it (its name, not its path).
        case shadowed(by: String)
        /// The library loaded but broke the ABI's rules.
        case rejected(String)
        /// The file was refused before any loader saw it (not a regular file, another architecture, ...).
        case refused(String)
        /// The file crashed or hung the scanner and is skipped until it changes.
        case quarantined(String)
        /// Loaded, but drawing its animation failed: one sentence saying how.
        case renderFailed(String)

        var label: String {
            switch self {
            case .loaded: "loaded"
            case .shadowed: "shadowed"
            case .rejected: "rejected"
            case .refused: "refused"
            case .quarantined: "quarantined"
            case .renderFailed: "not rendered"
            }
        }

        var detail: String? {
            switch self {
            case .loaded: nil
            case let .shadowed(by): "an earlier plugin with the same id wins: \(by)"
            case let .rejected(why), let .refused(why), let .quarantined(why), let .renderFailed(why): why
            }
        }

        public var description: String { detail.map { "\(label): \($0)" } ?? label }

        /// Whether the style was meant to be drawn and was not: the gallery fails.
        public var isFailure: Bool {
            if case .renderFailed = self { return true }
            return false
        }

        var cssClass: String {
            switch self {
            case .loaded: "ok"
            case .shadowed: "warn"
            case .rejected, .refused, .quarantined, .renderFailed: "bad"
            }
        }
    }

    /// What `refresh-host validate` said about the style.
    public struct Conformance: Equatable, Sendable {
        /// Nothing failed, crashed or timed out.
        public var passed: Bool
        public var strictness: Int
        /// "24 passed, 0 warnings, ... 1 skipped".
        public var summary: String
        /// The checks that failed, crashed or timed out, with their status.
        public var problems: [String]

        public init(passed: Bool, strictness: Int, summary: String, problems: [String]) {
            self.passed = passed
            self.strictness = strictness
            self.summary = summary
            self.problems = problems
        }
    }

    public var name: String
    public var id: String?
    public var version: String?
    public var vendor: String?
    public var summary: String?
    /// Header height in points.
    public var height: Double?
    /// Seconds per animation cycle while refreshing.
    public var cycleDuration: Double?
    /// "slide-down, top anchor" and the like.
    public var layout: String?
    /// The plugin's file name (never its path: the page may be shared).
    public var file: String
    /// Where on the search path it was found: "bundled", "--plugin-path", "user", ...
    public var origin: String?
    public var status: Status
    /// The animation's file name, relative to the page; nil when there is none.
    public var animation: String?
    /// A still of the animation (PNG), shown instead when the reader prefers reduced motion.
    public var poster: String?
    /// nil when the style was not validated.
    public var conformance: Conformance?
    /// The animation's size in CSS pixels (points).
    /// A themeable style (ABI 1.3) drawn again in a second theme.
    public var themed: Themed?
    /// A still half way through the style's ending of a failed refresh (ABI 1.3's results).
    public var failureStill: String?
    public var animationWidth: Int
    public var animationHeight: Int

    public init(
        name: String, id: String? = nil, version: String? = nil, vendor: String? = nil, summary: String? = nil,
        height: Double? = nil, cycleDuration: Double? = nil, layout: String? = nil, file: String,
        status: Status, animation: String? = nil, poster: String? = nil, animationWidth: Int = 375, animationHeight: Int = 300
    ) {
        self.name = name
        self.id = id
        self.version = version
        self.vendor = vendor
        self.summary = summary
        self.height = height
        self.cycleDuration = cycleDuration
        self.layout = layout
        self.file = file
        self.status = status
        self.animation = animation
        self.poster = poster
        self.animationWidth = animationWidth
        self.animationHeight = animationHeight
    }
}

extension GalleryCard {
    /// The second drawing of a themeable style: its files and what theme it shows.
    public struct Themed: Sendable, Equatable {
        public var animation: String
        public var poster: String
        /// "dark theme, pink and cyan".
        public var label: String

        public init(animation: String, poster: String, label: String) {
            self.animation = animation
            self.poster = poster
            self.label = label
        }
    }
}
