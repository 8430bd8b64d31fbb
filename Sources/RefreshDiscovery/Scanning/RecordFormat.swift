import RefreshText
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `key=value` lines, backslash and newline escaped in values: the registry
/// cache's header and end line (its records are binary, CacheRecordCoding),
/// and a descriptor's fields as OutcomeWire and LifecycleRecord carry them.
/// Small enough to need no parser library, and a file cut short is
/// recognisably missing its final `end=` line.
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
    /// does not end with a newline (cut short). Bytes that are not UTF-8 read
    /// as U+FFFD: the cache's checksum, not this, tells damage from data.
    static func decode(_ bytes: [UInt8]) -> [Field]? {
        bytes.withUnsafeBufferPointer { buffer -> [Field]? in
            guard let base = buffer.baseAddress else { return [] }
            let count = buffer.count
            var fields: [Field] = []
            fields.reserveCapacity(count / 24)
            var start = 0
            while start < count {
                guard let newline = memchr(base + start, 0x0A, count - start) else { return nil }
                let end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                guard let equals = memchr(base + start, 0x3D, end - start) else { return nil }
                let eq = base.distance(to: equals.assumingMemoryBound(to: UInt8.self))
                guard eq > start else { return nil }
                let key = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<eq]), as: UTF8.self)
                let raw = UnsafeBufferPointer(rebasing: buffer[(eq + 1)..<end])
                let value = raw.contains(0x5C) ? String(decoding: unescape(raw), as: UTF8.self)
                                               : String(decoding: raw, as: UTF8.self)
                fields.append((key, value))
                start = end + 1
            }
            return fields
        }
    }

    static func escape(_ s: String) -> String { LineEscaping.escape(s) }

    private static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
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

    /// FNV-1a, 64-bit, over 8-byte words (then the last bytes): enough to tell
    /// a cache someone edited or cut from one we wrote, and quick to check.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        let prime: UInt64 = 0x0000_0100_0000_01B3
        bytes.withUnsafeBytes { raw in
            let words = raw.count / 8
            for i in 0..<words {
                hash ^= raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)
                hash = hash &* prime
                hash ^= hash >> 29
            }
            for i in (words * 8)..<raw.count {
                hash ^= UInt64(raw[i])
                hash = hash &* prime
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
