/// The text both the scanner's reply and the registry cache are written in:
/// one `key=value` per line, backslash and newline escaped in values. Small
/// enough to need no parser library, readable with `less`, and a message cut
/// short is recognisably missing its final `end=` line.
enum RecordFormat {
    typealias Field = (key: String, value: String)

    static func encode(_ fields: [Field]) -> String {
        var out = ""
        out.reserveCapacity(fields.count * 24)
        for field in fields {
            out += field.key
            out += "="
            out += escape(field.value)
            out += "\n"
        }
        return out
    }

    /// The fields of `bytes`, or nil when a line is not `key=value` or the text
    /// does not end with a newline (cut short).
    static func decode(_ bytes: some Collection<UInt8>) -> [Field]? {
        var fields: [Field] = []
        var line: [UInt8] = []
        var complete = true
        for byte in bytes {
            if byte == 0x0A {
                guard let field = parse(line) else { return nil }
                fields.append(field)
                line.removeAll(keepingCapacity: true)
                complete = true
            } else {
                line.append(byte)
                complete = false
            }
        }
        return complete ? fields : nil
    }

    private static func parse(_ line: [UInt8]) -> Field? {
        guard let eq = line.firstIndex(of: 0x3D), eq > 0 else { return nil }
        guard let key = String(validating: line[..<eq], as: UTF8.self),
              let value = String(validating: unescape(line[(eq + 1)...]), as: UTF8.self)
        else { return nil }
        return (key, value)
    }

    static func escape(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 0x5C || $0 == 0x0A }) else { return s }
        var out = ""
        for ch in s {
            switch ch {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.append(ch)
            }
        }
        return out
    }

    private static func unescape(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        guard bytes.contains(0x5C) else { return Array(bytes) }
        var out: [UInt8] = []
        var escaped = false
        for byte in bytes {
            if escaped {
                out.append(byte == 0x6E ? 0x0A : byte)
                escaped = false
            } else if byte == 0x5C {
                escaped = true
            } else {
                out.append(byte)
            }
        }
        return out
    }

    /// FNV-1a, 64-bit: enough to tell a cache someone edited or cut from one we wrote.
    static func checksum(_ bytes: some Collection<UInt8>) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
