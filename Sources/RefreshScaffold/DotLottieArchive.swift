import CZlib

/// A dotLottie archive's animations as its manifest lists them (the Lottie
/// adapter plays the first), read from the zip's directory and its
/// manifest.json alone; and the same archive with another of them first, for
/// `new --from FILE.lottie --animation ID`. The adapter reads everything else
/// (and refuses hostile archives); this reads only what choosing needs, within
/// the limits `new` puts on a designer's file.
public struct DotLottieArchive: Sendable {
    /// The manifest's animation ids, in its order.
    public let animationIDs: [String]
    let bytes: [UInt8]
    let manifest: [UInt8]
    /// Where the central directory starts, and each of its records (as byte ranges) but the manifest's.
    let directoryOffset: Int
    let otherRecords: [Range<Int>]

    /// The most a manifest may inflate to: a list of ids, far below this.
    static let manifestLimit = 1 << 20

    /// The animations of the archive at `path` (at most the size `new` reads), nil when it cannot be read.
    public static func animationIDs(atPath path: String) -> [String]? {
        guard let bytes = try? DesignerScaffold.read(path) else { return nil }
        return try? DotLottieArchive(bytes: bytes, path: path).animationIDs
    }

    /// `path` names the file in messages.
    public init(bytes: [UInt8], path: String) throws(ScaffoldError) {
        func refuse(_ why: String) -> ScaffoldError { ScaffoldError("--from \(path): \(why)", kind: .notFound) }
        self.bytes = bytes
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        // The end record: its signature within the last 64 KiB (its comment) + 22 bytes.
        var end = -1
        if bytes.count >= 22 {
            for at in stride(from: bytes.count - 22, through: max(0, bytes.count - 22 - 0xFFFF), by: -1)
            where bytes[at] == 0x50 && bytes[at + 1] == 0x4B && bytes[at + 2] == 5 && bytes[at + 3] == 6 {
                end = at
                break
            }
        }
        guard end >= 0 else { throw refuse("not a dotLottie archive (a zip): no end of central directory") }
        let count = u16(end + 10), size = u32(end + 12), offset = u32(end + 16)
        guard count != 0xFFFF, size != 0xFFFF_FFFF, offset != 0xFFFF_FFFF else { throw refuse("a zip64 archive, which `new` does not rewrite") }
        guard offset <= end, size <= end - offset, count <= 1000 else { throw refuse("not a dotLottie archive (a zip): its directory is out of place") }
        var at = offset
        var others: [Range<Int>] = []
        var manifestRecord: Int?
        for _ in 0..<count {
            guard at + 46 <= offset + size, u32(at) == 0x0201_4B50 else { throw refuse("not a dotLottie archive (a zip): a broken directory record") }
            let length = 46 + u16(at + 28) + u16(at + 30) + u16(at + 32)
            guard at + length <= offset + size else { throw refuse("not a dotLottie archive (a zip): a broken directory record") }
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + u16(at + 28))], as: UTF8.self)
            if name == "manifest.json" { manifestRecord = at } else { others.append(at..<(at + length)) }
            at += length
        }
        guard let record = manifestRecord else { throw refuse("not a dotLottie archive: it has no manifest.json") }
        // The manifest's data: after its local header, stored or deflated.
        let method = u16(record + 10), compressed = u32(record + 20), inflated = u32(record + 24), local = u32(record + 42)
        guard local + 30 <= offset, u32(local) == 0x0403_4B50 else { throw refuse("not a dotLottie archive (a zip): manifest.json's header is broken") }
        let start = local + 30 + u16(local + 26) + u16(local + 28)
        guard start <= offset, compressed <= offset - start, inflated <= Self.manifestLimit else {
            throw refuse("the archive's manifest.json is out of place or over 1 MiB")
        }
        let data = Array(bytes[start..<(start + compressed)])
        switch method {
        case 0: manifest = data
        case 8:
            guard let inflatedData = Self.inflate(data, size: inflated) else { throw refuse("the archive's manifest.json does not inflate") }
            manifest = inflatedData
        default: throw refuse("the archive's manifest.json is compressed with method \(method), not stored or deflated")
        }
        let object = try? ManifestJSON.parse(manifest)
        let ids = object?["animations"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        guard !ids.isEmpty else { throw refuse("the archive's manifest.json lists no animation (\"animations\": [{\"id\": ...}])") }
        animationIDs = ids
        directoryOffset = offset
        otherRecords = others
    }

    /// The archive with `id`'s animation first in its manifest (and as its
    /// active or initial animation where the manifest names one, as other
    /// players read it): the entries are kept as they are, a new manifest.json
    /// and directory follow them.
    public func choosing(_ id: String) -> [UInt8] {
        // init read the manifest as an object listing animations.
        guard case var .object(object) = (try? ManifestJSON.parse(manifest)) ?? .null else { return bytes }
        var animations = object["animations"]?.arrayValue ?? []
        if let i = animations.firstIndex(where: { $0["id"]?.stringValue == id }) {
            animations.insert(animations.remove(at: i), at: 0)
        }
        object["animations"] = .array(animations)
        if object["activeAnimationId"] != nil { object["activeAnimationId"] = .string(id) }
        if case var .object(initial)? = object["initial"], initial["animation"] != nil {
            initial["animation"] = .string(id)
            object["initial"] = .object(initial)
        }
        let json = ManifestJSON.object(object).serialized()
        var out = Array(bytes[..<directoryOffset])
        let local = out.count, name = Array("manifest.json".utf8)
        let crc = UInt32(json.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
        func put16(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func put32(_ v: Int) { put16(v & 0xFFFF); put16(v >> 16 & 0xFFFF) }
        // Stored, dated 1980-01-01 00:00 (the same bytes every time).
        put32(0x0403_4B50); put16(20); put16(0); put16(0); put16(0); put16(0x21)
        put32(Int(crc)); put32(json.count); put32(json.count); put16(name.count); put16(0)
        out += name + json
        let directory = out.count
        for record in otherRecords { out += bytes[record] }
        put32(0x0201_4B50); put16(20); put16(20); put16(0); put16(0); put16(0); put16(0x21)
        put32(Int(crc)); put32(json.count); put32(json.count); put16(name.count); put16(0); put16(0)
        put16(0); put16(0); put32(0); put32(local)
        out += name
        let size = out.count - directory
        put32(0x0605_4B50); put16(0); put16(0); put16(otherRecords.count + 1); put16(otherRecords.count + 1)
        put32(size); put32(directory); put16(0)
        return out
    }

    /// Raw deflate data inflated to exactly `size` bytes, or nil.
    static func inflate(_ data: [UInt8], size: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: max(size, 1))
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var input = data
        let status = input.withUnsafeMutableBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                stream.next_in = src.baseAddress
                stream.avail_in = uInt(src.count)
                stream.next_out = dst.baseAddress
                stream.avail_out = uInt(size)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END, Int(stream.total_out) == size else { return nil }
        return Array(out[..<size])
    }
}
