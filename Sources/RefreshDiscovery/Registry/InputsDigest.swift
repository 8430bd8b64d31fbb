/// A 128-bit digest of a catalog's inputs (CatalogOutputCache), taken field
/// by field as the walk is read, so that a warm list neither builds nor reads
/// back a copy of a thousand paths and identities. Two 64-bit lanes, each a
/// multiply-xorshift over 8-byte words with its own multiplier, and every
/// field after its length, so no two different sequences of fields feed
/// the same words. Not a cryptographic hash: it tells an unchanged path from
/// a changed one; what it guards is a listing, never a decision to load.
struct InputsDigest {
    private var a: UInt64 = 0xCBF2_9CE4_8422_2325
    private var b: UInt64 = 0x6A09_E667_F3BC_C908

    mutating func word(_ v: UInt64) {
        a = (a ^ v) &* 0x0000_0100_0000_01B3
        a ^= a >> 29
        b = (b ^ v) &* 0x9E37_79B9_7F4A_7C15
        b ^= b >> 31
    }

    mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { bytes in
            word(UInt64(bytes.count))
            let raw = UnsafeRawBufferPointer(bytes)
            let words = raw.count / 8
            for i in 0..<words { word(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))) }
            var tail: UInt64 = 0
            for i in (words * 8)..<raw.count { tail |= UInt64(raw[i]) << (8 * UInt64(i - words * 8)) }
            word(tail)
        }
    }

    /// The digest: both lanes, finished by one more round each, as 16 bytes.
    var bytes: [UInt8] {
        var copy = self
        copy.word(0x5DEE_CE66_D1CE_4E5B)
        return withUnsafeBytes(of: (copy.a.littleEndian, copy.b.littleEndian)) { Array($0) }
    }
}
