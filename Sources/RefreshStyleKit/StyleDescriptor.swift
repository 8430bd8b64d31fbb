import RefreshHostABI

/// How the header is shown while the list is pulled down.
public enum Presentation: Sendable, Hashable {
    /// The header moves down with the content.
    case slideDown
    /// The header sits behind the content and is uncovered.
    case background

    var c: rh_presentation_t {
        switch self {
        case .slideDown: rh_presentation_t(RH_PRESENTATION_SLIDE_DOWN)
        case .background: rh_presentation_t(RH_PRESENTATION_BACKGROUND)
        }
    }
}

/// Where the root layer sits once the pull passes `height`.
public enum Anchor: Sendable, Hashable {
    case top, middle, bottom

    var c: rh_anchor_t {
        switch self {
        case .top: rh_anchor_t(RH_ANCHOR_TOP)
        case .middle: rh_anchor_t(RH_ANCHOR_MIDDLE)
        case .bottom: rh_anchor_t(RH_ANCHOR_BOTTOM)
        }
    }
}

/// What the host shows about a style and how it drives it.
public struct StyleDescriptor: Sendable, Hashable {
    /// Reverse-DNS and unique: "com.example.compass".
    public var id: String
    /// Display name.
    public var name: String
    /// The style's own version.
    public var version: String
    public var vendor: String?
    /// One sentence.
    public var description: String?
    public var tags: [String]
    /// Trigger distance and resting height, in (1, 1000].
    public var height: Double
    /// Seconds of one cycle, in (0, 60].
    public var cycleDuration: Double
    /// Delay of each cycle's animate block, in [0, 60].
    public var cycleDelay: Double
    /// The curve of the animate block the host opens around `cycle()`.
    public var cycleCurve: Curve
    public var presentation: Presentation
    public var anchor: Anchor

    public init(id: String, name: String, version: String = "1.0.0", vendor: String? = nil,
                description: String? = nil, tags: [String] = [], height: Double,
                cycleDuration: Double, cycleDelay: Double = 0, cycleCurve: Curve = .easeInOut,
                presentation: Presentation = .slideDown, anchor: Anchor = .top) {
        self.id = id
        self.name = name
        self.version = version
        self.vendor = vendor
        self.description = description
        self.tags = tags
        self.height = height
        self.cycleDuration = cycleDuration
        self.cycleDelay = cycleDelay
        self.cycleCurve = cycleCurve
        self.presentation = presentation
        self.anchor = anchor
    }

    /// The C descriptor. It and its strings are allocated once and never
    /// freed: the header requires them to stay valid until deinit(), and the
    /// library is never unloaded while the host runs.
    func makeC() -> UnsafePointer<rh_style_descriptor_t> {
        let tagList: UnsafePointer<UnsafePointer<CChar>?>? = tags.isEmpty ? nil : {
            let list = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: tags.count + 1)
            for (i, tag) in tags.enumerated() { (list + i).initialize(to: permanentCString(tag)) }
            (list + tags.count).initialize(to: nil)
            return UnsafePointer(list)
        }()
        let spring = cycleCurve.springParameters
        let isSpring = if case .spring = cycleCurve { true } else { false }
        let c = UnsafeMutablePointer<rh_style_descriptor_t>.allocate(capacity: 1)
        c.initialize(to: rh_style_descriptor_t(
            struct_size: UInt32(MemoryLayout<rh_style_descriptor_t>.size),
            id: permanentCString(id),
            name: permanentCString(name),
            version: permanentCString(version),
            vendor: vendor.map(permanentCString),
            description: description.map(permanentCString),
            tags: tagList,
            height: height,
            cycle_duration: cycleDuration,
            cycle_delay: cycleDelay,
            cycle_curve: cycleCurve.c,
            // UIKit's defaults when the curve is not a spring (unused then).
            cycle_spring_damping: isSpring ? spring.damping : 0.8,
            cycle_spring_velocity: isSpring ? spring.velocity : 1.0,
            presentation: presentation.c,
            anchor: anchor.c,
            trigger_distance: 0, max_pull: 0, trigger: 0, physics: 0, flags: 0,
            announcements: nil, param_count: 0, params: nil))
        return UnsafePointer(c)
    }
}

/// A NUL-terminated UTF-8 copy of `string` that is never freed.
func permanentCString(_ string: String) -> UnsafePointer<CChar> {
    let bytes = string.utf8CString
    let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    for (i, byte) in bytes.enumerated() { (copy + i).initialize(to: byte) }
    return UnsafePointer(copy)
}
