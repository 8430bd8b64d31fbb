import RefreshHostABI
import RefreshLayers
import RefreshText

/// A typed parameter a style declares (`rh_param_t`), copied out of the plugin.
public struct StyleParameter: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case number(min: Double, max: Double, default: Double)
        case color(default: RGBA)
        case boolean(default: Bool)
        case choice([String], default: Int)
        case text(default: String)
    }

    public var id: String
    public var label: String?
    public var kind: Kind

    public init(id: String, label: String? = nil, kind: Kind) {
        self.id = id
        self.label = label
        self.kind = kind
    }

    /// The declared default.
    public var defaultValue: ParameterValue {
        switch kind {
        case let .number(_, _, value): .number(value)
        case let .color(value): .color(value)
        case let .boolean(value): .boolean(value)
        case let .choice(_, index): .choice(index)
        case let .text(value): .text(value)
        }
    }

    /// The kind's name as `info` and the JSON show it.
    public var kindName: String {
        switch kind {
        case .number: "number"
        case .color: "color"
        case .boolean: "bool"
        case .choice: "choice"
        case .text: "text"
        }
    }
}

/// A parameter's value for one instance (`rh_param_value_t`).
public enum ParameterValue: Equatable, Sendable {
    case number(Double)
    case color(RGBA)
    case boolean(Bool)
    case choice(Int)
    case text(String)
}

extension StyleParameter {
    /// Copies and checks `params[index]` (`rh_param_t`); throws one line naming the parameter.
    init(reading pointer: UnsafePointer<rh_param_t>, index: Int) throws(DescriptorError) {
        guard let (p, _) = VersionedStruct.read(pointer, minimum: MemoryLayout<rh_param_t>.size) else {
            throw DescriptorError("params[\(index)].struct_size is smaller than ABI 1.3's \(MemoryLayout<rh_param_t>.size)")
        }
        let id = try StyleDescriptor.string(p.id, "params[\(index)].id", required: true)!
        guard Self.isValidID(id) else {
            throw DescriptorError("params[\(index)].id \"\(id)\" is not 1-32 of a-z, 0-9, '_' and '-' starting with a letter")
        }
        let name = "params[\(index)] (\(id))"
        let label = try StyleDescriptor.string(p.label, "\(name).label", required: false)
        if let label, label.utf8.count > Int(RH_PARAM_MAX_TEXT) {
            throw DescriptorError("\(name).label is longer than \(RH_PARAM_MAX_TEXT) bytes")
        }
        if let label { try StyleDescriptor.plain(label, "\(name).label") }
        let kind: Kind
        switch Int(p.kind) {
        case RH_PARAM_NUMBER:
            for (v, f) in [(p.min, "min"), (p.max, "max"), (p.default_number, "default_number")] {
                try StyleDescriptor.check(v, "\(name).\(f)", abs(v) <= 1e6, "|v| <= 1e6")
            }
            guard p.min < p.max else { throw DescriptorError("\(name): min \(p.min) is not below max \(p.max)") }
            guard p.default_number >= p.min, p.default_number <= p.max else {
                throw DescriptorError("\(name).default_number \(p.default_number) is outside [\(p.min), \(p.max)]")
            }
            kind = .number(min: p.min, max: p.max, default: p.default_number)
        case RH_PARAM_COLOR:
            let c = p.default_color
            for (v, f) in [(c.r, "r"), (c.g, "g"), (c.b, "b"), (c.a, "a")] {
                try StyleDescriptor.check(v, "\(name).default_color.\(f)", v >= 0 && v <= 1, "0 <= v <= 1")
            }
            kind = .color(default: RGBA(c.r, c.g, c.b, c.a))
        case RH_PARAM_BOOL:
            kind = .boolean(default: p.default_bool)
        case RH_PARAM_CHOICE:
            guard var cursor = p.choices else { throw DescriptorError("\(name).choices is NULL") }
            var names: [String] = []
            while let choice = cursor.pointee {
                guard names.count < Int(RH_PARAM_MAX_CHOICES) else {
                    throw DescriptorError("\(name).choices has more than \(RH_PARAM_MAX_CHOICES) entries (or no NULL end)")
                }
                let text = try StyleDescriptor.string(choice, "\(name).choices[\(names.count)]", required: true)!
                guard text.utf8.count <= Int(RH_PARAM_MAX_TEXT) else {
                    throw DescriptorError("\(name).choices[\(names.count)] is longer than \(RH_PARAM_MAX_TEXT) bytes")
                }
                try StyleDescriptor.plain(text, "\(name).choices[\(names.count)]")
                guard !names.contains(text) else { throw DescriptorError("\(name).choices has \"\(text)\" twice") }
                names.append(text)
                cursor += 1
            }
            guard !names.isEmpty else { throw DescriptorError("\(name).choices is empty") }
            guard p.default_choice < UInt32(names.count) else {
                throw DescriptorError("\(name).default_choice \(p.default_choice) is not below its \(names.count) choices")
            }
            kind = .choice(names, default: Int(p.default_choice))
        case RH_PARAM_TEXT:
            let text = try StyleDescriptor.string(p.default_text, "\(name).default_text", required: false) ?? ""
            guard text.utf8.count <= Int(RH_PARAM_MAX_TEXT), !text.hasControlCharacters else {
                throw DescriptorError("\(name).default_text is over \(RH_PARAM_MAX_TEXT) bytes or has control characters")
            }
            kind = .text(default: text)
        default:
            throw DescriptorError("\(name).kind \(p.kind) is not a known rh_param_kind_t")
        }
        self.init(id: id, label: label, kind: kind)
    }

    /// 1-32 bytes of a-z, 0-9, '_' and '-', starting with a letter.
    public static func isValidID(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard let first = bytes.first, bytes.count <= Int(RH_PARAM_MAX_ID), first >= 0x61, first <= 0x7A else { return false }
        return bytes.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F || $0 == 0x2D }
    }
}
