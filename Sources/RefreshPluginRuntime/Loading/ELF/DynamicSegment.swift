/// The dynamic segment (PT_DYNAMIC) as the dynamic linker will read it: ld.so
/// trusts it, so a damaged one crashes dlopen itself. Reading it first turns
/// that into a reason: entries end with DT_NULL inside the segment, and the
/// tables they point at lie inside what the library maps.
enum DynamicSegment {
    /// DT_STRTAB, DT_SYMTAB, DT_HASH, DT_GNU_HASH: addresses the loader dereferences.
    private static let addressTags: [UInt64: String] = [5: "DT_STRTAB", 6: "DT_SYMTAB", 4: "DT_HASH", 0x6fff_fef5: "DT_GNU_HASH"]

    /// Why the segment cannot be trusted, or nil when it looks sound (or there is none:
    /// then dlopen refuses the file with its own message).
    static func problem(_ r: ELFReader) -> String? {
        let phoff = r.int(0x20)
        let phentsize = Int(r.u16(0x36))
        let phnum = Int(r.u16(0x38))
        let size = r.bytes.count
        guard phnum > 0 else { return nil }
        guard phentsize >= 56, phnum * phentsize <= size, phoff <= size - phnum * phentsize else {
            return "truncated: its program headers end past its \(size) bytes"
        }
        var loads: [(start: Int, end: Int)] = []
        var dynamic: (offset: Int, size: Int)?
        for i in 0..<phnum {
            let at = phoff + i * phentsize
            switch r.u32(at) {
            case ELFReader.loadSegment:
                let vaddr = r.int(at + 16), memsz = r.int(at + 40)
                if memsz <= Int.max - vaddr { loads.append((vaddr, vaddr + memsz)) }
            case ELFReader.dynamicSegment: dynamic = (r.int(at + 8), r.int(at + 32))
            default: break
            }
        }
        guard let dynamic else { return nil }
        guard dynamic.size <= size, dynamic.offset <= size - dynamic.size else {
            return "truncated: its dynamic segment ends past its \(size) bytes"
        }
        var stringTableSize: Int?
        var neededOffsets: [Int] = []
        var at = dynamic.offset
        while true {
            guard at + 16 <= dynamic.offset + dynamic.size else {
                return "its dynamic segment is damaged: no DT_NULL ends its entries"
            }
            let tag = r.u64(at)
            if tag == 0 { break }
            let value = r.u64(at + 8)
            if let name = addressTags[tag], !loads.contains(where: { UInt64($0.start) <= value && value < UInt64($0.end) }) {
                return "its dynamic segment is damaged: \(name) points outside every segment it loads"
            }
            if tag == 10 { stringTableSize = Int(clamping: value) }  // DT_STRSZ
            if tag == 1 { neededOffsets.append(Int(clamping: value)) }  // DT_NEEDED
            at += 16
        }
        if let limit = stringTableSize, neededOffsets.contains(where: { $0 >= limit }) {
            return "its dynamic segment is damaged: a DT_NEEDED name lies outside its string table"
        }
        return nil
    }
}
