/// Writes a `JSON` value's text into a byte buffer: pretty (two spaces a level
/// past `indent`) or compact. Strings are escaped by bytes, whole when they
/// are printable ASCII with nothing to escape (most are), so a document costs
/// about its size in copies rather than a String append per piece.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// The indentation every line past the first starts with.
    private let base: [UInt8]

    init(indent: String) {
        base = Array(indent.utf8)
        bytes.reserveCapacity(1 << 14)
    }

    mutating func write(_ value: JSON, depth: Int) {
        switch value {
        case let .array(items):
            writeLines(0x5B, 0x5D, count: items.count, depth: depth) { writer, i in
                writer.write(items[i], depth: depth + 1)
            }
        case let .object(fields):
            writeLines(0x7B, 0x7D, count: fields.count, depth: depth) { writer, i in
                writer.quote(fields[i].0)
                writer.bytes.append(0x3A)  // ": "
                writer.bytes.append(0x20)
                writer.write(fields[i].1, depth: depth + 1)
            }
        default: writeScalar(value)
        }
    }

    /// A pretty container: `open`, one element a line indented two more
    /// spaces, commas between, `close` on its own line; `[]` or `{}` when empty.
    private mutating func writeLines(_ open: UInt8, _ close: UInt8, count: Int, depth: Int,
                                     _ element: (inout JSONWriter, Int) -> Void) {
        bytes.append(open)
        guard count > 0 else { bytes.append(close); return }
        for i in 0..<count {
            if i > 0 { bytes.append(0x2C) }
            newline(depth: depth + 1)
            element(&self, i)
        }
        newline(depth: depth)
        bytes.append(close)
    }

    private mutating func newline(depth: Int) {
        bytes.append(0x0A)
        bytes.append(contentsOf: base)
        bytes.append(contentsOf: repeatElement(0x20, count: 2 * depth))
    }

    mutating func writeCompact(_ value: JSON) {
        switch value {
        case let .array(items):
            bytes.append(0x5B)
            for (i, item) in items.enumerated() {
                if i > 0 { bytes.append(0x2C) }
                writeCompact(item)
            }
            bytes.append(0x5D)
        case let .object(fields):
            bytes.append(0x7B)
            for (i, field) in fields.enumerated() {
                if i > 0 { bytes.append(0x2C) }
                quote(field.0)
                bytes.append(0x3A)
                writeCompact(field.1)
            }
            bytes.append(0x7D)
        default: writeScalar(value)
        }
    }

    private mutating func writeScalar(_ value: JSON) {
        switch value {
        case let .string(s): quote(s)
        case let .number(n):
            if n.isFinite, n == n.rounded(), abs(n) < 1e15 { integer(Int64(n)) } else { text(n.isFinite ? "\(n)" : "null") }
        case let .bool(b): text(b ? "true" : "false")
        case .null: text("null")
        case .array, .object: write(value, depth: 0)
        }
    }

    private mutating func text(_ s: String) { bytes.append(contentsOf: s.utf8) }

    /// Decimal digits, as `String(n)` writes them.
    private mutating func integer(_ n: Int64) {
        if n < 0 { bytes.append(0x2D) }
        var magnitude = n.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = 0x30 + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }

    /// Appends `s` as a JSON string literal. Printable ASCII with no quote or backslash goes in
    /// whole; otherwise byte by byte, decoding a scalar only where a byte is not ASCII: DEL, C1
    /// and the bidi and line separators must be escaped too (`String.needsShowing`), so a
    /// document printed on a terminal cannot drive or reorder it.
    mutating func quote(_ s: String) {
        bytes.append(0x22)
        var s = s
        s.withUTF8 { utf8 in
            if !utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F || $0 == 0x22 || $0 == 0x5C }) {
                bytes.append(contentsOf: utf8)
            } else {
                escape(utf8)
            }
        }
        bytes.append(0x22)
    }

    private mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>) {
        var i = 0
        while i < utf8.count {
            let byte = utf8[i]
            switch byte {
            case 0x22: bytes.append(0x5C); bytes.append(0x22)
            case 0x5C: bytes.append(0x5C); bytes.append(0x5C)
            case 0x0A: bytes.append(0x5C); bytes.append(0x6E)
            case 0x0D: bytes.append(0x5C); bytes.append(0x72)
            case 0x09: bytes.append(0x5C); bytes.append(0x74)
            case 0x00..<0x20, 0x7F: unicodeEscape(UInt32(byte))
            case 0x20..<0x7F: bytes.append(byte)
            default:
                // A scalar of 2 to 4 bytes (the String's UTF-8 is valid).
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for k in 1..<length { value = value << 6 | UInt32(utf8[i + k] & 0x3F) }
                if let scalar = Unicode.Scalar(value), String.needsShowing(scalar) {
                    unicodeEscape(value)
                } else {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[i..<(i + length)]))
                }
                i += length
                continue
            }
            i += 1
        }
    }

    /// `\uXXXX` in lowercase hex (every scalar escaped is below U+10000).
    private mutating func unicodeEscape(_ value: UInt32) {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        bytes.append(0x5C)
        bytes.append(0x75)
        for shift in stride(from: 12, through: 0, by: -4) { bytes.append(hex[Int(value >> UInt32(shift) & 0xF)]) }
    }
}
