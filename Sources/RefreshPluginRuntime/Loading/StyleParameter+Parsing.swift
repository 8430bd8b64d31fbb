import RefreshLayers
import RefreshText

/// Why a parameter's value as text (`--param NAME=VALUE`) was refused: one
/// line naming the parameter, the value and what it allows.
public struct ParameterError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension StyleParameter {
    /// What the parameter allows, for error lines and `info`.
    public var allowed: String {
        switch kind {
        case let .number(min, max, _): "a number from \(Self.text(min)) to \(Self.text(max))"
        case .color: "a colour #RGB, #RRGGBB or #RRGGBBAA"
        case .boolean: "true or false"
        case let .choice(names, _): "one of " + names.joined(separator: ", ")
        case .text: "text of at most 255 bytes, no control characters"
        }
    }

    /// The value `text` stands for, or why it is not one this parameter allows.
    public func parse(_ text: String) throws(ParameterError) -> ParameterValue {
        func refuse() -> ParameterError { ParameterError("\(id)=\(text): expected \(allowed)") }
        switch kind {
        case let .number(min, max, _):
            guard let v = Double(text), v.isFinite, v >= min, v <= max else { throw refuse() }
            return .number(v)
        case .color:
            guard let c = Self.color(text) else { throw refuse() }
            return .color(c)
        case .boolean:
            switch text.lowercased() {
            case "true", "yes", "on", "1": return .boolean(true)
            case "false", "no", "off", "0": return .boolean(false)
            default: throw refuse()
            }
        case let .choice(names, _):
            guard let index = names.firstIndex(of: text) else { throw refuse() }
            return .choice(index)
        case .text:
            guard text.utf8.count <= 255, !text.hasControlCharacters
            else { throw refuse() }
            return .text(text)
        }
    }

    /// `value` as `--param` would take it: `parse(text(of: v)) == v` up to a colour's 8 bits.
    public func text(of value: ParameterValue) -> String {
        switch value {
        case let .number(v): Self.text(v)
        case let .color(c): c.hexRGBA
        case let .boolean(b): b ? "true" : "false"
        case let .choice(i): if case let .choice(names, _) = kind, names.indices.contains(i) { names[i] } else { "\(i)" }
        case let .text(t): t
        }
    }

    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
    public static func color(_ text: String) -> RGBA? {
        guard text.hasPrefix("#") else { return nil }
        var digits = Array(text.dropFirst())
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var bytes: [Double] = []
        for i in stride(from: 0, to: digits.count, by: 2) {
            guard let b = UInt8(String(digits[i...i + 1]), radix: 16) else { return nil }
            bytes.append(Double(b) / 255)
        }
        return RGBA(bytes[0], bytes[1], bytes[2], bytes.count == 4 ? bytes[3] : 1)
    }

    private static func text(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)"
    }
}
