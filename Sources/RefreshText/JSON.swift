/// A JSON value and its text, enough for --json output without Foundation.
public enum JSON: Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSON])
    /// Keys keep their order, so output is stable.
    case object([(String, JSON)])

    public static func optional(_ s: String?) -> JSON { s.map { .string($0) } ?? .null }

    /// The version of every JSON document the CLI writes (docs/json.md). Adding
    /// a field keeps it; renaming, removing or retyping one raises it.
    public static let schemaVersion = 1

    /// A document as the CLI writes it: `schemaVersion` and `kind` first, so a
    /// reader knows what it holds before reading the rest.
    public static func document(_ kind: String, _ fields: [(String, JSON)]) -> JSON {
        .object([("schemaVersion", .number(Double(schemaVersion))), ("kind", .string(kind))] + fields)
    }

    /// Pretty-printed, or on one line when `compact`.
    public func render(indent: String = "", compact: Bool = false) -> String {
        if compact { return renderCompact() }
        let inner = indent + "  "
        switch self {
        case let .string(s): return Self.quote(s)
        case let .number(n):
            if n.isFinite, n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
            return n.isFinite ? "\(n)" : "null"
        case let .bool(b): return b ? "true" : "false"
        case .null: return "null"
        case let .array(items):
            guard !items.isEmpty else { return "[]" }
            return "[\n" + items.map { inner + $0.render(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case let .object(fields):
            guard !fields.isEmpty else { return "{}" }
            return "{\n" + fields.map { inner + Self.quote($0.0) + ": " + $0.1.render(indent: inner) }
                .joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    private func renderCompact() -> String {
        switch self {
        case let .array(items): "[" + items.map { $0.renderCompact() }.joined(separator: ",") + "]"
        case let .object(fields): "{" + fields.map { Self.quote($0.0) + ":" + $0.1.renderCompact() }.joined(separator: ",") + "}"
        default: render()
        }
    }

    /// `s` as a JSON string literal, quotes included.
    public static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // C0 must be escaped; DEL, C1, bidi controls and U+2028/9 may be, and are, so a
            // document printed on a terminal cannot drive or reorder it.
            case let c where String.needsShowing(c):
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
