#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes a `JSON` value's text into a byte buffer: pretty (two spaces a level
/// past `indent`) or compact. Strings are escaped by bytes, whole when they
/// are printable ASCII with nothing to escape (most are), so a document costs
/// about its size in copies rather than a String append per piece. The buffer
/// is its own (grown by doubling, copied once into `bytes`): an Array's append
/// costs a hundred instructions a call, and a 1,000-file list makes 50,000.
final class JSONWriter {
    private var buffer: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity = 1 << 14
    /// The indentation every line past the first starts with.
    private let base: [UInt8]

    init(indent: String) {
        base = Array(indent.utf8)
        buffer = .allocate(capacity: capacity)
    }

    deinit { buffer.deallocate() }

    /// What was written.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: buffer, count: count)) }

    private func reserve(_ more: Int) {
        guard count + more > capacity else { return }
        while count + more > capacity { capacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.update(from: buffer, count: count)
        buffer.deallocate()
        buffer = grown
    }

    private func append(_ byte: UInt8) {
        reserve(1)
        buffer[count] = byte
        count += 1
    }

    private func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (buffer + count).update(from: start, count: bytes.count)
        count += bytes.count
    }

    func write(_ value: JSON, depth: Int) {
        switch value {
        case let .array(items):
            writeLines(0x5B, 0x5D, count: items.count, depth: depth) { writer, i in
                writer.write(items[i], depth: depth + 1)
            }
        case let .object(fields):
            writeLines(0x7B, 0x7D, count: fields.count, depth: depth) { writer, i in
                writer.quote(fields[i].0)
                writer.append(0x3A)  // ": "
                writer.append(0x20)
                writer.write(fields[i].1, depth: depth + 1)
            }
        default: writeScalar(value)
        }
    }

    /// A pretty container: `open`, one element a line indented two more
    /// spaces, commas between, `close` on its own line; `[]` or `{}` when empty.
    private func writeLines(_ open: UInt8, _ close: UInt8, count: Int, depth: Int,
                                     _ element: (JSONWriter, Int) -> Void) {
        append(open)
        guard count > 0 else { append(close); return }
        for i in 0..<count {
            if i > 0 { append(0x2C) }
            newline(depth: depth + 1)
            element(self, i)
        }
        newline(depth: depth)
        append(close)
    }

    private func newline(depth: Int) {
        append(0x0A)
        if !base.isEmpty { base.withUnsafeBufferPointer { append($0) } }
        var spaces = 2 * depth
        while spaces > 0 {
            let n = min(spaces, Self.spaces.count)
            Self.spaces.withUnsafeBufferPointer { append(UnsafeBufferPointer(rebasing: $0[..<n])) }
            spaces -= n
        }
    }

    private static let spaces = [UInt8](repeating: 0x20, count: 32)
    private static let hex = Array("0123456789abcdef".utf8)

    func writeCompact(_ value: JSON) {
        switch value {
        case let .array(items):
            append(0x5B)
            for (i, item) in items.enumerated() {
                if i > 0 { append(0x2C) }
                writeCompact(item)
            }
            append(0x5D)
        case let .object(fields):
            append(0x7B)
            for (i, field) in fields.enumerated() {
                if i > 0 { append(0x2C) }
                quote(field.0)
                append(0x3A)
                writeCompact(field.1)
            }
            append(0x7D)
        default: writeScalar(value)
        }
    }

    private func writeScalar(_ value: JSON) {
        switch value {
        case let .string(s): quote(s)
        case let .number(n):
            if n.isFinite, n == n.rounded(), abs(n) < 1e15 { integer(Int64(n)) } else { text(n.isFinite ? "\(n)" : "null") }
        case let .bool(b): text(b ? "true" : "false")
        case .null: text("null")
        case .array, .object: write(value, depth: 0)
        }
    }

    private func text(_ s: String) {
        var s = s
        s.withUTF8 { append($0) }
    }

    /// Decimal digits, as `String(n)` writes them.
    private func integer(_ n: Int64) {
        if n < 0 { append(0x2D) }
        var magnitude = n.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        var used = 0
        withUnsafeMutableBytes(of: &digits) { room in
            repeat {
                room[23 - used] = 0x30 + UInt8(magnitude % 10)
                magnitude /= 10
                used += 1
            } while magnitude > 0
            append(UnsafeBufferPointer(rebasing: room.bindMemory(to: UInt8.self)[(24 - used)...]))
        }
    }

    /// Appends `s` as a JSON string literal. Printable ASCII with no quote or backslash goes in
    /// whole; otherwise byte by byte, decoding a scalar only where a byte is not ASCII: DEL, C1
    /// and the bidi and line separators must be escaped too (`String.needsShowing`), so a
    /// document printed on a terminal cannot drive or reorder it.
    func quote(_ s: String) {
        append(0x22)
        var s = s
        s.withUTF8 { utf8 in
            if Self.isPlain(utf8) { append(utf8) } else { escape(utf8) }
        }
        append(0x22)
    }

    /// Printable ASCII with no quote or backslash: the bytes are the literal's.
    private static func isPlain(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in utf8 where byte &- 0x20 >= 0x5F || byte == 0x22 || byte == 0x5C { return false }
        return true
    }

    private func escape(_ utf8: UnsafeBufferPointer<UInt8>) {
        var i = 0
        while i < utf8.count {
            let byte = utf8[i]
            switch byte {
            case 0x22: append(0x5C); append(0x22)
            case 0x5C: append(0x5C); append(0x5C)
            case 0x0A: append(0x5C); append(0x6E)
            case 0x0D: append(0x5C); append(0x72)
            case 0x09: append(0x5C); append(0x74)
            case 0x00..<0x20, 0x7F: unicodeEscape(UInt32(byte))
            case 0x20..<0x7F: append(byte)
            default:
                // A scalar of 2 to 4 bytes (the String's UTF-8 is valid).
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for k in 1..<length { value = value << 6 | UInt32(utf8[i + k] & 0x3F) }
                if let scalar = Unicode.Scalar(value), String.needsShowing(scalar) {
                    unicodeEscape(value)
                } else {
                    append(UnsafeBufferPointer(rebasing: utf8[i..<(i + length)]))
                }
                i += length
                continue
            }
            i += 1
        }
    }

    /// `\uXXXX` in lowercase hex (every scalar escaped is below U+10000).
    private func unicodeEscape(_ value: UInt32) {
        append(0x5C)
        append(0x75)
        for shift in stride(from: 12, through: 0, by: -4) { append(Self.hex[Int(value >> UInt32(shift) & 0xF)]) }
    }
}
