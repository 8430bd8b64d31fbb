#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The ELF header checks of the file gate: everything the loader trusts
/// before it maps a page, read with bounded preads (the file may be huge, a
/// FIFO's lie, or growing) and decoded with the one `ELFReader` that the
/// validator's `ELFFile` uses too.
enum ELFHeaders {
    /// e_machine of the libraries this host can load.
    #if arch(x86_64)
    static let hostMachine: UInt16 = 62
    #elseif arch(arm64)
    static let hostMachine: UInt16 = 183
    #elseif arch(riscv64)
    static let hostMachine: UInt16 = 243
    #elseif arch(powerpc64le)
    static let hostMachine: UInt16 = 21
    #elseif arch(s390x)
    static let hostMachine: UInt16 = 22
    #else
    static let hostMachine: UInt16 = 0
    #endif

    /// The names of common e_machine values, as `uname -m` prints them.
    static func machineName(_ machine: UInt16) -> String {
        switch machine {
        case 0: "no machine (EM_NONE)"
        case 2: "sparc"
        case 3: "i386"
        case 8: "mips"
        case 20: "ppc"
        case 21: "ppc64"
        case 22: "s390x"
        case 40: "arm"
        case 43: "sparc64"
        case 50: "ia64"
        case 62: "x86_64"
        case 183: "aarch64"
        case 243: "riscv"
        case 258: "loongarch"
        default: "machine \(machine)"
        }
    }

    /// More program headers than any real library has; refusing them keeps the reads bounded.
    static let maximumProgramHeaders = 1024

    /// What is wrong with the ELF file open at `fd` of `size` bytes, or nil.
    static func problem(fd: Int32, size: Int64) -> String? {
        if size == 0 { return "an empty file (0 bytes)" }
        guard let header = read(fd, at: 0, count: Int(min(size, 64))) else { return "cannot be read" }
        guard header.count >= 4, header[0] == 0x7F, header[1] == 0x45, header[2] == 0x4C, header[3] == 0x46 else {
            return "not an ELF shared object (no ELF magic number)"
        }
        guard header.count >= 20 else { return "truncated: \(size) bytes, its ELF header needs 64" }
        let bits = header[4] == 1 ? 32 : header[4] == 2 ? 64 : 0
        let bigEndian = header[5] == 2
        let machine = bigEndian ? UInt16(header[18]) << 8 | UInt16(header[19]) : ELFReader(bytes: header).u16(18)
        let host = machineName(hostMachine)
        if machine != hostMachine {
            return "built for \(machineName(machine))\(bits == 32 ? " (32-bit)" : ""); this host is \(host)"
        }
        guard bits == 64 else {
            return bits == 32 ? "a 32-bit ELF file; this host is 64-bit \(host)" : "an ELF file of unknown class \(header[4])"
        }
        guard header[5] == 1 else { return "a big-endian ELF file; this host is little-endian \(host)" }
        guard header.count == 64 else { return "truncated: \(size) bytes, its ELF header needs 64" }
        let h = ELFReader(bytes: header)
        switch h.u16(16) {
        case 3: break
        case 1: return "an ELF relocatable object (.o), not a shared library"
        case 2: return "an ELF executable, not a shared library"
        case 4: return "an ELF core dump, not a shared library"
        case let type: return "ELF type \(type), not a shared library"
        }
        let phoff = h.u64(0x20), shoff = h.u64(0x28)
        let phentsize = Int(h.u16(0x36)), phnum = Int(h.u16(0x38))
        let shentsize = Int(h.u16(0x3A)), shnum = Int(h.u16(0x3C))
        guard phnum > 0 else { return "no program headers: nothing for the loader to map" }
        guard phentsize == 56 else { return "program header entries of \(phentsize) bytes, not ELF64's 56" }
        guard phnum <= maximumProgramHeaders else { return "\(phnum) program headers, more than any library has" }
        // Overflow-checked ends of each table; a lying offset near 2^64 counts as past the end.
        var needed = end(phoff, UInt64(phnum * phentsize))
        if shnum > 0 {
            guard shentsize == 64 else { return "section header entries of \(shentsize) bytes, not ELF64's 64" }
            needed = max(needed, end(shoff, UInt64(shnum * shentsize)))
        }
        guard needed <= UInt64(size) else { return "truncated: \(size) bytes, its headers need \(needed)" }
        guard let bytes = read(fd, at: Int64(phoff), count: phnum * phentsize) else { return "cannot be read" }
        let table = ELFReader(bytes: bytes)
        var loads = 0
        var dynamic: (offset: UInt64, size: UInt64)?
        for i in 0..<phnum {
            let at = i * phentsize
            let type = table.u32(at), offset = table.u64(at + 8), fileSize = table.u64(at + 32)
            if type == ELFReader.loadSegment {
                loads += 1
                needed = max(needed, end(offset, fileSize))
            } else if type == ELFReader.dynamicSegment {
                dynamic = (offset, fileSize)
            }
        }
        guard needed <= UInt64(size) else { return "truncated: \(size) bytes, its segments need \(needed)" }
        guard loads > 0 else { return "no loadable segments: nothing for the loader to map" }
        // A position-independent executable is ET_DYN too; glibc refuses to dlopen one.
        if let dynamic, end(dynamic.offset, dynamic.size) <= UInt64(size),
           let bytes = read(fd, at: Int64(dynamic.offset), count: Int(min(dynamic.size, 64 << 10))) {
            let entries = ELFReader(bytes: bytes)
            var at = 0
            while at + 16 <= bytes.count {
                let tag = entries.u64(at)
                if tag == 0 { break }
                // DT_FLAGS_1 with DF_1_PIE
                if tag == 0x6FFF_FFFB, entries.u64(at + 8) & 0x0800_0000 != 0 {
                    return "a position-independent executable, not a shared library"
                }
                at += 16
            }
        }
        return nil
    }

    /// offset + length, or UInt64.max when that overflows.
    static func end(_ offset: UInt64, _ length: UInt64) -> UInt64 {
        let (sum, overflow) = offset.addingReportingOverflow(length)
        return overflow ? UInt64.max : sum
    }

    /// Exactly `count` bytes at `offset`, or nil.
    static func read(_ fd: Int32, at offset: Int64, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset) + off_t(done)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            done += n
        }
        return bytes
    }
}
