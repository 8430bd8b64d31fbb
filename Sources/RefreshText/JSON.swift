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
        String(decoding: renderBytes(indent: indent, compact: compact), as: UTF8.self)
    }

    /// `render`'s text as UTF-8 bytes, for output that writes bytes: a 1,000-file
    /// `list --json` is written into one byte buffer, never a String grown piece by piece.
    public func renderBytes(indent: String = "", compact: Bool = false) -> [UInt8] {
        let writer = JSONWriter(indent: indent)
        if compact { writer.writeCompact(self) } else { writer.write(self, depth: 0) }
        return writer.bytes
    }

    /// `s` as a JSON string literal, quotes included.
    public static func quote(_ s: String) -> String {
        let writer = JSONWriter(indent: "")
        writer.quote(s)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
