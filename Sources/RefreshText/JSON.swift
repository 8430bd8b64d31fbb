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

    /// Pretty-printed, or on one line when `compact`. Written into one growing string: joining
    /// each level's children copied a document once per level (a 1,000-file `list --json` spent
    /// more on that than on finding the files).
    public func render(indent: String = "", compact: Bool = false) -> String {
        var out = ""
        if compact { writeCompact(into: &out) } else { write(into: &out, indent: indent) }
        return out
    }

    private func write(into out: inout String, indent: String) {
        switch self {
        case let .array(items):
            Self.writeLines("[", "]", count: items.count, into: &out, indent: indent) { i, out, inner in
                items[i].write(into: &out, indent: inner)
            }
        case let .object(fields):
            Self.writeLines("{", "}", count: fields.count, into: &out, indent: indent) { i, out, inner in
                Self.quote(fields[i].0, into: &out)
                out += ": "
                fields[i].1.write(into: &out, indent: inner)
            }
        default: writeScalar(into: &out)
        }
    }

    /// A pretty container: `open`, one element a line indented two more
    /// spaces, commas between, `close` on its own line; `[]` or `{}` when empty.
    private static func writeLines(_ open: String, _ close: String, count: Int, into out: inout String, indent: String,
                                   _ element: (Int, inout String, String) -> Void) {
        guard count > 0 else { out += open; out += close; return }
        let inner = indent + "  "
        out += open
        out += "\n"
        for i in 0..<count {
            if i > 0 { out += ",\n" }
            out += inner
            element(i, &out, inner)
        }
        out += "\n"
        out += indent
        out += close
    }

    private func writeCompact(into out: inout String) {
        switch self {
        case let .array(items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.writeCompact(into: &out)
            }
            out += "]"
        case let .object(fields):
            out += "{"
            for (i, field) in fields.enumerated() {
                if i > 0 { out += "," }
                Self.quote(field.0, into: &out)
                out += ":"
                field.1.writeCompact(into: &out)
            }
            out += "}"
        default: writeScalar(into: &out)
        }
    }

    private func writeScalar(into out: inout String) {
        switch self {
        case let .string(s): Self.quote(s, into: &out)
        case let .number(n):
            if n.isFinite, n == n.rounded(), abs(n) < 1e15 { out += String(Int64(n)) } else { out += n.isFinite ? "\(n)" : "null" }
        case let .bool(b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array, .object: write(into: &out, indent: "")
        }
    }

    /// `s` as a JSON string literal, quotes included.
    public static func quote(_ s: String) -> String {
        var out = ""
        quote(s, into: &out)
        return out
    }

    /// Appends `s` as a JSON string literal; a string of printable ASCII with nothing to escape
    /// (most) goes in whole. Anything else goes scalar by scalar: DEL, C1 and the bidi and line
    /// separators must be escaped too, and only the scalars tell them apart.
    static func quote(_ s: String, into out: inout String) {
        out += "\""
        guard s.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F || $0 == 0x22 || $0 == 0x5C }) else {
            out += s
            out += "\""
            return
        }
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
        out += "\""
    }
}
