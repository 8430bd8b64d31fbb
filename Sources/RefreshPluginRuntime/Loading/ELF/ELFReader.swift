/// Little-endian reads that never trap: out of range reads as 0.
struct ELFReader {
    /// p_type of a loadable segment (PT_LOAD) and of the dynamic segment (PT_DYNAMIC).
    static let loadSegment: UInt32 = 1, dynamicSegment: UInt32 = 2

    let bytes: [UInt8]
    func u16(_ at: Int) -> UInt16 { UInt16(truncatingIfNeeded: value(at, 2)) }
    func u32(_ at: Int) -> UInt32 { UInt32(truncatingIfNeeded: value(at, 4)) }
    func u64(_ at: Int) -> UInt64 { value(at, 8) }
    /// An offset or size: a value past Int.max reads as Int.max (never inside any file).
    func int(_ at: Int) -> Int { Int(clamping: value(at, 8)) }
    private func value(_ at: Int, _ count: Int) -> UInt64 {
        guard at >= 0, at + count <= bytes.count else { return 0 }
        var v: UInt64 = 0
        for i in (0..<count).reversed() { v = v << 8 | UInt64(bytes[at + i]) }
        return v
    }
}
