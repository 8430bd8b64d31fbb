import RefreshHostABI

/// A typed parameter a style declares (ABI 1.3): the user sets it per run
/// (`refresh-host run STYLE --param speed=2`), the style reads it with
/// `StyleHost.number(_:)`, `color(_:)`, `flag(_:)`, `choice(_:)` or
/// `text(_:)`. The host refuses a style whose parameter is malformed (an id
/// not `[a-z][a-z0-9_-]*` of at most 32 bytes, an empty range, a default
/// outside it), naming the parameter.
public struct Parameter: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A number in `range` (finite, |v| <= 1e6).
        case number(range: ClosedRange<Double>, default: Double)
        /// A colour, components in [0, 1].
        case color(default: Color)
        case bool(default: Bool)
        /// One of `names` (1 to 32, distinct), by index.
        case choice([String], default: Int)
        /// One line of UTF-8, at most 255 bytes.
        case text(default: String)
    }

    public var id: String
    /// For people: "Spin speed".
    public var label: String?
    public var kind: Kind

    public init(_ id: String, label: String? = nil, _ kind: Kind) {
        self.id = id
        self.label = label
        self.kind = kind
    }

    public static func number(_ id: String, label: String? = nil, in range: ClosedRange<Double>,
                              default value: Double) -> Parameter {
        Parameter(id, label: label, .number(range: range, default: value))
    }

    public static func color(_ id: String, label: String? = nil, default value: Color) -> Parameter {
        Parameter(id, label: label, .color(default: value))
    }

    public static func bool(_ id: String, label: String? = nil, default value: Bool) -> Parameter {
        Parameter(id, label: label, .bool(default: value))
    }

    public static func choice(_ id: String, label: String? = nil, _ names: [String], default index: Int = 0) -> Parameter {
        Parameter(id, label: label, .choice(names, default: index))
    }

    public static func text(_ id: String, label: String? = nil, default value: String = "") -> Parameter {
        Parameter(id, label: label, .text(default: value))
    }

    /// The C declarations, allocated once and never freed (as the descriptor).
    static func makeC(_ parameters: [Parameter]) -> UnsafePointer<rh_param_t>? {
        guard !parameters.isEmpty else { return nil }
        let list = UnsafeMutablePointer<rh_param_t>.allocate(capacity: parameters.count)
        for (i, p) in parameters.enumerated() { (list + i).initialize(to: p.c) }
        return UnsafePointer(list)
    }

    private var c: rh_param_t {
        var c = rh_param_t()
        c.struct_size = UInt32(MemoryLayout<rh_param_t>.size)
        c.id = permanentCString(id)
        c.label = label.map(permanentCString)
        switch kind {
        case let .number(range, value):
            c.kind = rh_param_kind_t(RH_PARAM_NUMBER)
            (c.min, c.max, c.default_number) = (range.lowerBound, range.upperBound, value)
        case let .color(value):
            c.kind = rh_param_kind_t(RH_PARAM_COLOR)
            c.default_color = value.c
        case let .bool(value):
            c.kind = rh_param_kind_t(RH_PARAM_BOOL)
            c.default_bool = value
        case let .choice(names, index):
            c.kind = rh_param_kind_t(RH_PARAM_CHOICE)
            let list = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: names.count + 1)
            for (i, name) in names.enumerated() { (list + i).initialize(to: permanentCString(name)) }
            (list + names.count).initialize(to: nil)
            c.choices = UnsafePointer(list)
            // A negative index is passed on as out of range for the host to refuse.
            c.default_choice = UInt32(clamping: index < 0 ? Int(UInt32.max) : index)
        case let .text(value):
            c.kind = rh_param_kind_t(RH_PARAM_TEXT)
            c.default_text = permanentCString(value)
        }
        return c
    }
}
