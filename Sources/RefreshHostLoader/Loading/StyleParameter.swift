import RefreshLayers

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
