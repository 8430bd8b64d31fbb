/// The byte format of messages between a supervisor and its worker:
/// little-endian numbers, length-prefixed strings. A message travels as
/// `[UInt32 length][payload]`. The supervisor reads what a worker sends as
/// untrusted input (the plugin shares the worker's memory): every read is
/// bounds-checked and every count capped, so garbage is an error, never a
/// crash or an allocation the size of a lie.
public struct WireWriter {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    public mutating func u8(_ v: UInt8) { bytes.append(v) }

    public mutating func u32(_ v: UInt32) {
        withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func u64(_ v: UInt64) {
        withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func f64(_ v: Double) { u64(v.bitPattern) }

    public mutating func bool(_ v: Bool) { u8(v ? 1 : 0) }

    public mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in
            u32(UInt32(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// Raw bytes as they are (their length is the reader's to know).
    public mutating func raw(_ b: [UInt8]) { bytes.append(contentsOf: b) }

    /// The same, from memory the caller holds.
    public mutating func raw(_ b: UnsafeRawBufferPointer) { bytes.append(contentsOf: b) }

    /// The payload framed for the pipe: its length, then itself.
    public var framed: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 4)
        withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { out.append(contentsOf: $0) }
        out += bytes
        return out
    }
}

/// What was wrong with bytes a worker sent.
public struct WireError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

public struct WireReader {
    private let bytes: [UInt8]
    public private(set) var offset = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var isAtEnd: Bool { offset == bytes.count }

    /// Bytes not read yet.
    public var remaining: Int { bytes.count - offset }

    private mutating func take(_ n: Int) throws(WireError) -> ArraySlice<UInt8> {
        guard n >= 0, bytes.count - offset >= n else {
            throw WireError("message ends early (wanted \(n) byte(s) at \(offset) of \(bytes.count))")
        }
        defer { offset += n }
        return bytes[offset..<offset + n]
    }

    public mutating func u8() throws(WireError) -> UInt8 { try take(1).first! }

    public mutating func u32() throws(WireError) -> UInt32 { UInt32(littleEndian: try load(UInt32.self)) }

    public mutating func u64() throws(WireError) -> UInt64 { UInt64(littleEndian: try load(UInt64.self)) }

    private mutating func load<T: FixedWidthInteger>(_: T.Type) throws(WireError) -> T {
        let n = MemoryLayout<T>.size
        guard bytes.count - offset >= n else {
            throw WireError("message ends early (wanted \(n) byte(s) at \(offset) of \(bytes.count))")
        }
        defer { offset += n }
        return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
    }

    public mutating func f64() throws(WireError) -> Double { Double(bitPattern: try u64()) }

    /// A finite number: what every number of the protocol must be.
    public mutating func finite(_ what: @autoclosure () -> String) throws(WireError) -> Double {
        let v = try f64()
        guard v.isFinite else { throw WireError("\(what()) is \(v)") }
        return v
    }

    public mutating func bool() throws(WireError) -> Bool {
        let v = try u8()
        guard v <= 1 else { throw WireError("a flag is \(v), not 0 or 1") }
        return v == 1
    }

    /// A count that must not exceed `limit`.
    public mutating func count(max limit: Int, of what: @autoclosure () -> String) throws(WireError) -> Int {
        let n = Int(try u32())
        guard n <= limit else { throw WireError("\(what()): \(n) is over the limit of \(limit)") }
        return n
    }

    /// `n` raw bytes.
    public mutating func raw(_ n: Int) throws(WireError) -> ArraySlice<UInt8> { try take(n) }

    /// UTF-8 text of at most `limit` bytes (invalid sequences are replaced).
    public mutating func string(max limit: Int) throws(WireError) -> String {
        let n = try count(max: limit, of: "a string's length")
        guard bytes.count - offset >= n else {
            throw WireError("message ends early (wanted \(n) byte(s) at \(offset) of \(bytes.count))")
        }
        defer { offset += n }
        // From the buffer itself, not a slice: the registry cache reads thousands of these.
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[offset..<(offset + n)]), as: UTF8.self) }
    }
}

/// Splits a byte stream into framed messages as bytes arrive.
public struct MessageFramer {
    /// The largest message accepted; a longer announced length is garbage.
    public let limit: Int
    private var buffer: [UInt8] = []
    private var start = 0

    public init(limit: Int = 32 << 20) { self.limit = limit }

    public mutating func append(_ chunk: ArraySlice<UInt8>) { buffer += chunk }

    /// The next whole message, nil when more bytes are needed.
    public mutating func next() throws(WireError) -> [UInt8]? {
        guard buffer.count - start >= 4 else { compact(); return nil }
        var length = 0
        for i in 0..<4 { length |= Int(buffer[start + i]) << (8 * i) }
        guard length <= limit else { throw WireError("a message of \(length) bytes announced (at most \(limit))") }
        guard buffer.count - start - 4 >= length else { compact(); return nil }
        let message = Array(buffer[(start + 4)..<(start + 4 + length)])
        start += 4 + length
        return message
    }

    /// Bytes received that are not yet a whole message.
    public var pending: Int { buffer.count - start }

    private mutating func compact() {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}
