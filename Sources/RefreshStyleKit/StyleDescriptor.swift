import RefreshHostABI

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
    /// Resting height while refreshing (and the trigger distance unless
    /// `triggerDistance` says otherwise), in (1, 1000].
    public var height: Double
    /// Seconds of one cycle, in (0, 60].
    public var cycleDuration: Double
    /// Delay of each cycle's animate block, in [0, 60].
    public var cycleDelay: Double
    /// The curve of the animate block the host opens around `cycle()`.
    public var cycleCurve: Curve
    public var presentation: Presentation
    public var anchor: Anchor

    // ABI 1.3: how the style behaves. The defaults are what a 1.0 style gets.

    /// How far a pull must go to start a refresh, in (1, 1000]; nil: `height`.
    public var triggerDistance: Double?
    /// The most the pull shows, from the trigger distance to 2000; nil: the physics' default.
    public var maxPull: Double?
    /// When a pull starts a refresh (the host may override it).
    public var trigger: TriggerPolicy
    /// The physics the style was designed for (the host may run another).
    public var physics: Physics
    public var flags: StyleFlags
    /// What to announce; nil: the host's defaults.
    public var announcements: Announcements?
    /// At most 64, ids unique.
    public var parameters: [Parameter]

    public init(id: String, name: String, version: String = "1.0.0", vendor: String? = nil,
                description: String? = nil, tags: [String] = [], height: Double,
                cycleDuration: Double, cycleDelay: Double = 0, cycleCurve: Curve = .easeInOut,
                presentation: Presentation = .slideDown, anchor: Anchor = .top,
                triggerDistance: Double? = nil, maxPull: Double? = nil, trigger: TriggerPolicy = .hostDefault,
                physics: Physics = .hostDefault, flags: StyleFlags = [], announcements: Announcements? = nil,
                parameters: [Parameter] = []) {
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
        self.triggerDistance = triggerDistance
        self.maxPull = maxPull
        self.trigger = trigger
        self.physics = physics
        self.flags = flags
        self.announcements = announcements
        self.parameters = parameters
    }

    /// The C descriptor. It and its strings are allocated once and never
    /// freed: the header requires them to stay valid until deinit(), and the
    /// library is never unloaded while the host runs. `source`: the data
    /// file a catalog style is made from (ABI 1.4).
    func makeC(source: String? = nil) -> UnsafePointer<rh_style_descriptor_t> {
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
            trigger_distance: triggerDistance ?? 0, max_pull: maxPull ?? 0, trigger: trigger.c,
            physics: physics.c, flags: flags.rawValue, announcements: announcements?.makeC(),
            param_count: UInt32(clamping: parameters.count), params: Parameter.makeC(parameters),
            source: source.map(permanentCString)))
        return UnsafePointer(c)
    }
}

/// What a style declares it can do (ABI 1.3).
public struct StyleFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Follows `Environment.theme`.
    public static let themeable = StyleFlags(rawValue: RH_STYLE_THEMEABLE)
    /// Honours `Environment.reduceMotion` with a calm variant.
    public static let reducedMotion = StyleFlags(rawValue: RH_STYLE_REDUCED_MOTION)
    /// Also works at the bottom edge, as a load-more footer.
    public static let footer = StyleFlags(rawValue: RH_STYLE_FOOTER)
    /// The header closes while the exit runs.
    public static let exitWhileClosing = StyleFlags(rawValue: RH_STYLE_EXIT_WHILE_CLOSING)
}

/// A NUL-terminated UTF-8 copy of `string` that is never freed.
func permanentCString(_ string: String) -> UnsafePointer<CChar> {
    let bytes = string.utf8CString
    let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    for (i, byte) in bytes.enumerated() { (copy + i).initialize(to: byte) }
    return UnsafePointer(copy)
}
