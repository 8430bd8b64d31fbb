#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The parts of an ELF64 little-endian shared object the validator needs
/// (its type, DT_NEEDED, the dynamic and static symbols), read from the file
/// itself: a third party's machine may have no binutils. The file gate's
/// header checks (ELFHeaders) read with the same `ELFReader`.
public struct ELFFile {
    public struct Symbol: Equatable, Sendable {
        public var name: String
        /// STB_LOCAL 0, STB_GLOBAL 1, STB_WEAK 2, STB_GNU_UNIQUE 10.
        public var binding: UInt8
        /// STT_NOTYPE 0, OBJECT 1, FUNC 2, ...
        public var type: UInt8
        /// STV_DEFAULT 0, INTERNAL 1, HIDDEN 2, PROTECTED 3.
        public var visibility: UInt8
        public var defined: Bool

        /// What other objects can link against: defined, not local, visible.
        public var isExported: Bool { defined && binding != 0 && (visibility == 0 || visibility == 3) }
    }

    /// e_type: 2 executable, 3 shared object.
    public var type: UInt16
    /// DT_NEEDED, in order.
    public var needed: [String] = []
    /// .dynsym: what the dynamic linker sees.
    public var dynamicSymbols: [Symbol] = []
    /// .symtab, empty when stripped.
    public var staticSymbols: [Symbol] = []

    /// Reads `path`; throws a one-line reason when it is not an ELF64 LE file.
    public init(path: String) throws(ELFError) {
        guard let file = fopen(path, "rb") else { throw ELFError("cannot open: \(String(cString: strerror(errno)))") }
        defer { fclose(file) }
        fseek(file, 0, SEEK_END)
        let size = ftell(file)
        fseek(file, 0, SEEK_SET)
        guard size > 64 else { throw ELFError("file is only \(max(size, 0)) bytes") }
        guard size < 512 << 20 else { throw ELFError("file is larger than 512 MiB") }
        var bytes = [UInt8](repeating: 0, count: size)
        guard fread(&bytes, 1, size, file) == size else { throw ELFError("could not read the file") }
        try self.init(bytes: bytes)
    }

    public init(bytes: [UInt8]) throws(ELFError) {
        let r = ELFReader(bytes: bytes)
        guard bytes.count > 64, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46 else {
            throw ELFError("no ELF magic number")
        }
        guard bytes[4] == 2 else { throw ELFError("not a 64-bit ELF file") }
        guard bytes[5] == 1 else { throw ELFError("not a little-endian ELF file") }
        type = r.u16(16)
        if let problem = DynamicSegment.problem(r) { throw ELFError(problem) }
        // Every offset and size is the file's word, not ours: clamp them, and compare without
        // adding, so a garbage header gives a reason instead of an arithmetic trap.
        let shoff = r.int(0x28)
        let shentsize = Int(r.u16(0x3A))
        let shnum = Int(r.u16(0x3C))
        guard shoff > 0, shnum > 0, shentsize >= 64, shnum * shentsize <= bytes.count,
              shoff <= bytes.count - shnum * shentsize else {
            throw ELFError("no section headers (stripped with sstrip?)")
        }
        struct Section { var type: UInt32; var offset: Int; var size: Int; var link: Int; var entsize: Int }
        var sections: [Section] = []
        for i in 0..<shnum {
            let at = shoff + i * shentsize
            sections.append(Section(type: r.u32(at + 4), offset: r.int(at + 24), size: r.int(at + 32),
                                    link: Int(r.u32(at + 40)), entsize: r.int(at + 56)))
        }
        func inFile(_ s: Section) -> Bool { s.size <= bytes.count && s.offset <= bytes.count - s.size }
        func string(_ table: Int, _ offset: Int) -> String {
            guard table < sections.count, inFile(sections[table]) else { return "" }
            let s = sections[table]
            guard offset < s.size else { return "" }
            var end = s.offset + offset
            let start = end
            while end < s.offset + s.size, bytes[end] != 0 { end += 1 }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        func symbols(_ s: Section) -> [Symbol] {
            guard s.entsize >= 24 else { return [] }
            var result: [Symbol] = []
            for i in 1..<max(1, s.size / s.entsize) {
                let at = s.offset + i * s.entsize
                let info = bytes[at + 4]
                result.append(Symbol(name: string(s.link, Int(r.u32(at))), binding: info >> 4, type: info & 0xF,
                                     visibility: bytes[at + 5] & 3, defined: r.u16(at + 6) != 0))
            }
            return result
        }
        for s in sections {
            // What the dynamic linker reads must be inside the file: say so rather than guess.
            if s.type == 11 || s.type == 6, !inFile(s) {
                throw ELFError("its \(s.type == 6 ? ".dynamic" : ".dynsym") section header points outside the \(bytes.count)-byte file")
            }
            switch s.type {
            case 11: dynamicSymbols = symbols(s) // SHT_DYNSYM
            case 2 where inFile(s): staticSymbols = symbols(s) // SHT_SYMTAB
            case 6: // SHT_DYNAMIC: DT_NEEDED (1) names, up to DT_NULL (0)
                var at = s.offset
                while at + 16 <= s.offset + s.size {
                    let tag = r.u64(at)
                    if tag == 0 { break }
                    if tag == 1 { needed.append(string(s.link, r.int(at + 8))) }
                    at += 16
                }
            default: break
            }
        }
    }

    /// The names other objects can link against.
    public var exportedNames: [String] { dynamicSymbols.filter(\.isExported).map(\.name) }

    /// The symbols the library needs from elsewhere and cannot load without: undefined, not weak.
    public var requiredImports: [String] {
        dynamicSymbols.filter { !$0.defined && $0.binding != 2 && !$0.name.isEmpty }.map(\.name)
    }

    /// Whether any symbol table defines `name` (in any binding).
    public func defines(_ name: String) -> Bool {
        dynamicSymbols.contains { $0.defined && $0.name == name } || staticSymbols.contains { $0.defined && $0.name == name }
    }
}

public struct ELFError: Error, CustomStringConvertible, Sendable {
    public var description: String
    init(_ description: String) { self.description = description }
}
