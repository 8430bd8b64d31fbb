import RefreshHostABI
import RefreshHostController
import RefreshLayers

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
import RefreshText
#endif

/// A style as its library describes it, copied out of the plugin and checked.
public struct StyleDescriptor: Equatable, Sendable {
    public var id: String
    public var name: String
    public var version: String
    public var vendor: String?
    public var summary: String?
    public var tags: [String]
    public var metrics: StyleMetrics
    /// Follows the host's theme (RH_STYLE_THEMEABLE, ABI 1.3).
    public var themeable = false
    /// Honours reduce-motion with a calmer variant (RH_STYLE_REDUCED_MOTION, ABI 1.3).
    public var reducedMotion = false
    /// Typed parameters the style declares (ABI 1.3), in declaration order.
    public var parameters: [StyleParameter] = []
    /// The data file the style is made from (ABI 1.4), an absolute path; nil for a style written in code.
    public var source: String?
    /// What the style's file has that it does not draw, or draws otherwise, one line each: the
    /// tags that start with RH_TAG_UNSUPPORTED (ABI 1.5's convention), kept apart from `tags`.
    public var unsupported: [String] = []

    /// The tag prefix that marks a line of `unsupported` (refresh_host_ext.h).
    public static let unsupportedTagPrefix = RH_TAG_UNSUPPORTED

    /// The last component of the id (`yelp` for `com.refreshhost.yelp`): the
    /// short name the registry answers to when no other style shares it.
    public var shortName: String { String(id.split(separator: ".").last ?? Substring(id)) }

    public init(id: String, name: String, version: String, vendor: String? = nil, summary: String? = nil,
                tags: [String] = [], metrics: StyleMetrics) {
        self.id = id
        self.name = name
        self.version = version
        self.vendor = vendor
        self.summary = summary
        self.tags = tags
        self.metrics = metrics
    }

    /// The shortest cycle a style may declare (RH_MIN_CYCLE_DURATION): shorter
    /// ones would run cycle after cycle at one instant of the host's clock.
    public static let minimumCycleDuration = 0.01

    /// Copies and checks the descriptor at `pointer`; throws a one-line reason.
    init(reading pointer: UnsafePointer<rh_style_descriptor_t>, pluginMinor: UInt32 = UInt32(RH_ABI_VERSION_MINOR)) throws(DescriptorError) {
        let minimum = VersionedStruct.descriptorMinimum
        guard let (d, size) = VersionedStruct.read(pointer, minimum: minimum) else {
            let declared = UnsafeRawPointer(pointer).loadUnaligned(as: UInt32.self)
            throw DescriptorError("struct_size \(declared) is smaller than ABI 1.0's \(minimum)")
        }
        id = try Self.string(d.id, "id", required: true)!
        guard Self.isReverseDNS(id) else {
            throw DescriptorError("id \"\(id)\" is not reverse-DNS (like com.example.style)")
        }
        name = try Self.string(d.name, "name", required: true)!
        version = try Self.string(d.version, "version", required: true)!
        vendor = try Self.string(d.vendor, "vendor", required: false)
        summary = try Self.string(d.description, "description", required: false)
        var tags: [String] = []
        var read = 0
        if var cursor = d.tags {
            while let tag = cursor.pointee, read < 64 {
                let text = try Self.string(tag, "tags[\(read)]", required: true)!
                if text.hasPrefix(Self.unsupportedTagPrefix) {
                    unsupported.append(String(text.dropFirst(Self.unsupportedTagPrefix.count)))
                } else {
                    tags.append(text)
                }
                read += 1
                cursor += 1
            }
        }
        self.tags = tags
        try Self.check(d.height, "height", d.height > 1 && d.height <= 1000, "1 < v <= 1000")
        try Self.check(d.cycle_duration, "cycle_duration",
                       d.cycle_duration >= Self.minimumCycleDuration && d.cycle_duration <= 60,
                       "\(Self.minimumCycleDuration) <= v <= 60")
        try Self.check(d.cycle_delay, "cycle_delay", d.cycle_delay >= 0 && d.cycle_delay <= 60, "0 <= v <= 60")
        guard let presentation = Presentation(rawValue: d.presentation), presentation.sinceMinor <= pluginMinor else {
            throw DescriptorError("presentation \(d.presentation) is not a known rh_presentation_t")
        }
        guard let anchor = Anchor(rawValue: d.anchor) else {
            throw DescriptorError("anchor \(d.anchor) is not a known rh_anchor_t")
        }
        let curve: TimingCurve
        switch Int(d.cycle_curve) {
        case RH_CURVE_LINEAR: curve = .linear
        case RH_CURVE_EASE_IN: curve = .easeIn
        case RH_CURVE_EASE_OUT: curve = .easeOut
        case RH_CURVE_EASE_IN_OUT: curve = .easeInOut
        case RH_CURVE_KEYFRAMES: curve = .keyframes
        case RH_CURVE_SPRING:
            // The spring fields are read only when the curve is SPRING.
            try Self.check(d.cycle_spring_damping, "cycle_spring_damping",
                           d.cycle_spring_damping > 0 && d.cycle_spring_damping <= 1, "0 < v <= 1")
            try Self.check(d.cycle_spring_velocity, "cycle_spring_velocity",
                           abs(d.cycle_spring_velocity) <= 100, "-100 <= v <= 100")
            curve = .spring(damping: d.cycle_spring_damping, initialVelocity: d.cycle_spring_velocity)
        default:
            throw DescriptorError("cycle_curve \(d.cycle_curve) is not a known rh_curve_t")
        }
        metrics = StyleMetrics(height: d.height, cycleDuration: d.cycle_duration, cycleDelay: d.cycle_delay,
                               cycleCurve: curve, presentation: presentation, anchor: anchor)
        // ABI 1.3's fields: zero (the defaults) beyond an older plugin's struct_size.
        if pluginMinor >= 3, VersionedStruct.has(\rh_style_descriptor_t.params, in: size) {
            try readLifecycle(d)
        }
        if pluginMinor >= 4, VersionedStruct.has(\rh_style_descriptor_t.source, in: size) {
            source = try Self.string(d.source, "source", required: false)
            if let source {
                guard source.hasPrefix("/") else { throw DescriptorError("source \"\(source)\" is not an absolute path") }
                try Self.plain(source, "source")
            }
        }
    }

    /// trigger_distance, max_pull, trigger, physics, flags, announcements and params (ABI 1.3).
    private mutating func readLifecycle(_ d: rh_style_descriptor_t) throws(DescriptorError) {
        if d.trigger_distance != 0 {
            try Self.check(d.trigger_distance, "trigger_distance", d.trigger_distance > 1 && d.trigger_distance <= 1000,
                           "0 or 1 < v <= 1000")
            metrics.triggerDistance = d.trigger_distance
        }
        if d.max_pull != 0 {
            try Self.check(d.max_pull, "max_pull", d.max_pull >= metrics.triggerDistance && d.max_pull <= 2000,
                           "0 or trigger distance (\(metrics.triggerDistance)) <= v <= 2000")
            metrics.maxPull = d.max_pull
        }
        if d.trigger != 0 {
            guard let trigger = TriggerPolicy(rawValue: d.trigger) else {
                throw DescriptorError("trigger \(d.trigger) is not a known rh_trigger_t")
            }
            metrics.trigger = trigger
        }
        if d.physics != 0 {
            guard let physics = Physics(rawValue: d.physics) else {
                throw DescriptorError("physics \(d.physics) is not a known rh_physics_t")
            }
            metrics.physics = physics
        }
        guard d.flags & ~UInt32(RH_STYLE_KNOWN_FLAGS) == 0 else {
            throw DescriptorError("flags 0x\(String(d.flags, radix: 16)) has bits no RH_STYLE_* flag defines")
        }
        themeable = d.flags & UInt32(RH_STYLE_THEMEABLE) != 0
        reducedMotion = d.flags & UInt32(RH_STYLE_REDUCED_MOTION) != 0
        metrics.supportsFooter = d.flags & UInt32(RH_STYLE_FOOTER) != 0
        metrics.exitWhileClosing = d.flags & UInt32(RH_STYLE_EXIT_WHILE_CLOSING) != 0
        if let a = d.announcements {
            metrics.announcements = try Self.announcements(a)
        }
        guard d.param_count <= UInt32(RH_PARAM_MAX_COUNT) else {
            throw DescriptorError("param_count \(d.param_count) is over RH_PARAM_MAX_COUNT (\(RH_PARAM_MAX_COUNT))")
        }
        if d.param_count > 0 {
            guard let params = d.params else { throw DescriptorError("params is NULL but param_count is \(d.param_count)") }
            var seen: Set<String> = []
            for i in 0..<Int(d.param_count) {
                let p = try StyleParameter(reading: params + i, index: i)
                guard seen.insert(p.id).inserted else { throw DescriptorError("params[\(i)]: id \"\(p.id)\" is declared twice") }
                parameters.append(p)
            }
        }
    }

    private static func announcements(_ pointer: UnsafePointer<rh_announcements_t>) throws(DescriptorError) -> Announcements {
        guard let (a, size) = VersionedStruct.read(pointer, minimum: 8) else {
            throw DescriptorError("announcements.struct_size is too small")
        }
        var result = Announcements.header
        func text(_ p: UnsafePointer<CChar>?, _ field: String, _ keyPath: KeyPath<rh_announcements_t, UnsafePointer<CChar>?>,
                  into target: WritableKeyPath<Announcements, String>) throws(DescriptorError) {
            guard VersionedStruct.has(keyPath, in: size), let p else { return }
            let value = try Self.string(p, "announcements.\(field)", required: false) ?? ""
            guard value.utf8.count <= 255 else { throw DescriptorError("announcements.\(field) is longer than 255 bytes") }
            try Self.plain(value, "announcements.\(field)")
            result[keyPath: target] = value
        }
        try text(a.pulling, "pulling", \.pulling, into: \.pulling)
        try text(a.armed, "armed", \.armed, into: \.armed)
        try text(a.refreshing, "refreshing", \.refreshing, into: \.refreshing)
        try text(a.success, "success", \.success, into: \.success)
        try text(a.failure, "failure", \.failure, into: \.failure)
        try text(a.no_more, "no_more", \.no_more, into: \.noMore)
        return result
    }

    static func string(_ p: UnsafePointer<CChar>?, _ field: String, required: Bool) throws(DescriptorError) -> String? {
        guard let p else {
            if required { throw DescriptorError("\(field) is NULL") }
            return nil
        }
        let length = strnlen(p, 4097)
        guard length <= 4096 else { throw DescriptorError("\(field) is longer than 4096 bytes") }
        guard let text = String(validatingCString: p) else { throw DescriptorError("\(field) is not valid UTF-8") }
        if required, text.isEmpty { throw DescriptorError("\(field) is empty") }
        return text
    }

    /// Refuses control characters: these strings are spoken and shown on one line.
    static func plain(_ text: String, _ field: String) throws(DescriptorError) {
        if text.hasControlCharacters {
            throw DescriptorError("\(field) has control characters")
        }
    }

    static func check(_ value: Double, _ field: String, _ ok: Bool, _ range: String) throws(DescriptorError) {
        guard value.isFinite, ok else { throw DescriptorError("\(field) is \(value), outside \(range)") }
    }

    /// At least two dot-separated labels of letters, digits, '-' and '_'.
    public static func isReverseDNS(_ id: String) -> Bool {
        let labels = id.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, id.utf8.count <= 255 else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.utf8.allSatisfy { c in
                (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2D || c == 0x5F
            }
        }
    }
}

/// Why a descriptor was refused.
public struct DescriptorError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    init(_ message: String) { self.message = message }
    public var description: String { message }
}
