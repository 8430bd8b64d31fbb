#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Checks that `path` starts like an ELF shared object before dlopen sees it,
/// so a wrong file gets a plain reason instead of the loader's.
/// Returns nil when it looks right, else what is wrong.
func elfProblem(at path: String) -> String? {
    guard let file = fopen(path, "rb") else { return "cannot open: \(String(cString: strerror(errno)))" }
    defer { fclose(file) }
    var header = [UInt8](repeating: 0, count: 18)
    let read = fread(&header, 1, header.count, file)
    guard read >= 18 else { return "file is only \(read) bytes" }
    guard header[0] == 0x7F, header[1] == 0x45, header[2] == 0x4C, header[3] == 0x46 else {
        return "no ELF magic number"
    }
    // e_type at offset 16 (little-endian here): 3 is ET_DYN.
    let type = UInt16(header[16]) | UInt16(header[17]) << 8
    guard type == 3 else { return type == 2 ? "an executable, not a shared library" : "ELF type \(type), not a shared library" }
    return nil
}

/// The canonical absolute path of an existing file or folder, or nil.
func canonicalPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}
