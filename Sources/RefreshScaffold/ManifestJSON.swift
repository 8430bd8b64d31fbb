/// A dotLottie manifest as `new --animation` reads and rewrites it: any JSON
/// value, parsed as JSONSerialization parsed it (RFC 8259 in UTF-8, a byte order
/// mark and a comma before a closing bracket allowed; nesting at most `depthLimit`),
/// written back compactly with sorted keys, as Foundation's JSONSerialization
/// wrote it (`.sortedKeys`: case-insensitive, numeric runs by value; `/` as
/// `\/`; numbers as the nearest integer or double). Foundation is not used:
/// importing it linked Foundation and ICU into every refresh-host process,
/// each worker included, for this one file.
enum ManifestJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    /// The number as written in the file (checked against JSON's grammar), normalized when written.
    case number(String)
    case string(String)
    case array([ManifestJSON])
    /// A repeated key keeps its last value.
    case object([String: ManifestJSON])

    static let depthLimit = 512

    struct Malformed: Error {}

    subscript(key: String) -> ManifestJSON? {
        if case let .object(members) = self { return members[key] }
        return nil
    }

    var stringValue: String? {
        if case let .string(text) = self { return text }
        return nil
    }

    var arrayValue: [ManifestJSON]? {
        if case let .array(items) = self { return items }
        return nil
    }

    /// The document in `bytes`: one value, only whitespace around it.
    static func parse(_ bytes: [UInt8]) throws(Malformed) -> ManifestJSON {
        var reader = ManifestJSONReader(bytes: bytes)
        // A UTF-8 byte order mark, as JSONSerialization skipped it.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.at = 3 }
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.at == bytes.count else { throw Malformed() }
        return value
    }

    /// Compact UTF-8, keys sorted.
    func serialized() -> [UInt8] {
        var out: [UInt8] = []
        write(into: &out)
        return out
    }

    private func write(into out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case let .bool(value): out += Array((value ? "true" : "false").utf8)
        case let .number(text): out += Array(Self.normalized(text).utf8)
        case let .string(text): Self.write(text, into: &out)
        case let .array(items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case let .object(members):
            out.append(UInt8(ascii: "{"))
            for (i, key) in members.keys.sorted(by: Self.keyOrder).enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.write(key, into: &out)
                out.append(UInt8(ascii: ":"))
                members[key]!.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A number as JSONSerialization writes what it read: an integer that fits 64 bits as
    /// itself, anything else as the nearest double, in its shortest form without a ".0"
    /// (past 17 digits, as written).
    static func normalized(_ text: String) -> String {
        if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let integer = Int64(text) {
            return String(integer)
        }
        // More digits than a double holds: Foundation kept it as a Decimal, written as it came.
        let mantissa = text.prefix { $0 != "e" && $0 != "E" }.filter(\.isNumber).drop { $0 == "0" }
        // Past a double's range (1e999): as written too, never "inf", which is not JSON.
        guard mantissa.count <= 17, let double = Double(text), double.isFinite else { return text }
        let shortest = double.description
        return shortest.hasSuffix(".0") ? String(shortest.dropLast(2)) : shortest
    }

    private static func write(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += Array("\\\"".utf8)
            case UInt8(ascii: "\\"): out += Array("\\\\".utf8)
            case UInt8(ascii: "/"): out += Array("\\/".utf8)
            case 0x08: out += Array("\\b".utf8)
            case 0x0C: out += Array("\\f".utf8)
            case 0x0A: out += Array("\\n".utf8)
            case 0x0D: out += Array("\\r".utf8)
            case 0x09: out += Array("\\t".utf8)
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// JSONSerialization's `.sortedKeys` order (a numeric, case-insensitive collation) for
    /// the keys manifests have: punctuation before digits before letters, letters case-insensitive,
    /// a run of digits by its value; then lowercase first, then fewer leading zeros. (Letters
    /// outside ASCII follow by code point, where Foundation used the locale's collation.)
    static func keyOrder(_ a: String, _ b: String) -> Bool {
        let x = KeyUnit.units(a), y = KeyUnit.units(b)
        for (u, v) in zip(x, y) where u.primary != v.primary { return u.primary.lexicographicallyPrecedes(v.primary) }
        if x.count != y.count { return x.count < y.count }
        for (u, v) in zip(x, y) where u.upper != v.upper { return !u.upper }
        for (u, v) in zip(x, y) where u.zeros != v.zeros { return u.zeros < v.zeros }
        return a < b
    }

    /// One character of a key, or one run of digits, as `keyOrder` weighs it.
    struct KeyUnit {
        /// The class (0 punctuation, 1 digits, 2 letters, 3 others), then the weight within it.
        var primary: [UInt32]
        var zeros = 0
        var upper = false

        /// ICU's root order of the common punctuation; the rest of ASCII's follows in code order.
        static let punctuation = Array("_-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$".unicodeScalars)

        static func units(_ key: String) -> [KeyUnit] {
            let scalars = Array(key.unicodeScalars)
            var units: [KeyUnit] = []
            var i = 0
            while i < scalars.count {
                let s = scalars[i]
                switch s.value {
                case 48...57:
                    var end = i
                    while end < scalars.count, (48...57).contains(scalars[end].value) { end += 1 }
                    let run = scalars[i..<end].map { $0.value - 48 }
                    let digits = Array(run.drop { $0 == 0 })
                    // By value: more significant digits is larger, then digit by digit.
                    units.append(KeyUnit(primary: [1, UInt32(digits.count)] + digits, zeros: run.count - digits.count))
                    i = end
                    continue
                case 65...90: units.append(KeyUnit(primary: [2, s.value + 32], upper: true))
                case 97...122: units.append(KeyUnit(primary: [2, s.value]))
                case 0..<128:
                    let rank = punctuation.firstIndex(of: s).map(UInt32.init) ?? 100 + s.value
                    units.append(KeyUnit(primary: [0, rank]))
                default: units.append(KeyUnit(primary: [3, s.value]))
                }
                i += 1
            }
            return units
        }
    }
}

/// The parser's cursor over the manifest's bytes.
struct ManifestJSONReader {
    let bytes: [UInt8]
    var at = 0

    mutating func skipSpace() {
        while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
    }

    mutating func value(depth: Int) throws(ManifestJSON.Malformed) -> ManifestJSON {
        guard depth < ManifestJSON.depthLimit else { throw ManifestJSON.Malformed() }
        skipSpace()
        guard at < bytes.count else { throw ManifestJSON.Malformed() }
        switch bytes[at] {
        case UInt8(ascii: "{"):
            at += 1
            var members: [String: ManifestJSON] = [:]
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
            while true {
                skipSpace()
                let key = try string()
                skipSpace()
                try expect(UInt8(ascii: ":"))
                members[key] = try value(depth: depth + 1)
                skipSpace()
                if try endOrComma(UInt8(ascii: "}")) { return .object(members) }
            }
        case UInt8(ascii: "["):
            at += 1
            var items: [ManifestJSON] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
            while true {
                items.append(try value(depth: depth + 1))
                skipSpace()
                if try endOrComma(UInt8(ascii: "]")) { return .array(items) }
            }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try word("true"); return .bool(true)
        case UInt8(ascii: "f"): try word("false"); return .bool(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        default: return .number(try number())
        }
    }

    private mutating func expect(_ byte: UInt8) throws(ManifestJSON.Malformed) {
        guard at < bytes.count, bytes[at] == byte else { throw ManifestJSON.Malformed() }
        at += 1
    }

    /// After a member or an item: true at the closing bracket, false after a comma. A comma
    /// just before the bracket is allowed, as JSONSerialization allowed it.
    private mutating func endOrComma(_ close: UInt8) throws(ManifestJSON.Malformed) -> Bool {
        guard at < bytes.count else { throw ManifestJSON.Malformed() }
        if bytes[at] == close { at += 1; return true }
        try expect(UInt8(ascii: ","))
        skipSpace()
        if at < bytes.count, bytes[at] == close { at += 1; return true }
        return false
    }

    private mutating func word(_ text: String) throws(ManifestJSON.Malformed) {
        for byte in text.utf8 { try expect(byte) }
    }

    private mutating func number() throws(ManifestJSON.Malformed) -> String {
        let start = at
        func digits(_ reader: inout ManifestJSONReader) -> Int {
            let from = reader.at
            while reader.at < reader.bytes.count, (48...57).contains(reader.bytes[reader.at]) { reader.at += 1 }
            return reader.at - from
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
        let whole = digits(&self)
        guard whole > 0, whole == 1 || bytes[at - whole] != UInt8(ascii: "0") else { throw ManifestJSON.Malformed() }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            guard digits(&self) > 0 else { throw ManifestJSON.Malformed() }
        }
        if at < bytes.count, bytes[at] | 0x20 == UInt8(ascii: "e") {
            at += 1
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard digits(&self) > 0 else { throw ManifestJSON.Malformed() }
        }
        return String(decoding: bytes[start..<at], as: UTF8.self)
    }

    private mutating func hex4() throws(ManifestJSON.Malformed) -> UInt32 {
        guard at + 4 <= bytes.count else { throw ManifestJSON.Malformed() }
        var value: UInt32 = 0
        for byte in bytes[at..<(at + 4)] {
            let digit: UInt8
            switch byte {
            case 48...57: digit = byte - 48
            case 65...70: digit = byte - 55
            case 97...102: digit = byte - 87
            default: throw ManifestJSON.Malformed()
            }
            value = value << 4 | UInt32(digit)
        }
        at += 4
        return value
    }

    /// A string: escapes decoded, surrogate pairs joined; raw control characters and bad UTF-8 refused.
    mutating func string() throws(ManifestJSON.Malformed) -> String {
        try expect(UInt8(ascii: "\""))
        var out: [UInt8] = []
        while true {
            guard at < bytes.count else { throw ManifestJSON.Malformed() }
            let byte = bytes[at]
            at += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: out, as: UTF8.self) else { throw ManifestJSON.Malformed() }
                return text
            case ..<0x20: throw ManifestJSON.Malformed()
            case UInt8(ascii: "\\"):
                guard at < bytes.count else { throw ManifestJSON.Malformed() }
                let escaped = bytes[at]
                at += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        try expect(UInt8(ascii: "\\"))
                        try expect(UInt8(ascii: "u"))
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw ManifestJSON.Malformed() }
                        scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                    }
                    guard let s = Unicode.Scalar(scalar) else { throw ManifestJSON.Malformed() }
                    out += Array(String(Character(s)).utf8)
                default: throw ManifestJSON.Malformed()
                }
            default: out.append(byte)
            }
        }
    }
}
