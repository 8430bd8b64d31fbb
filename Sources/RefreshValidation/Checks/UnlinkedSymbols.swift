import RefreshPluginRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// loading.unlinked-symbols: a symbol the library needs that none of the
/// libraries it links provides resolves anyway when the host process already
/// holds a library that defines it (sinf without -lm: the host loaded libm).
/// Another host, or this one tomorrow, may not: then the plugin fails to load.
/// The check asks the dynamic linker itself: dlsym on the library's own handle
/// searches the library and its DT_NEEDED tree only; dlsym(RTLD_DEFAULT) and
/// dladdr say where the process found the symbol instead.
enum UnlinkedSymbols {
    /// A symbol the library's own dependencies lack, and the file that supplied it here.
    struct Borrowed: Equatable {
        var symbol: String
        var provider: String?
    }

    static func check(_ c: CheckContext) throws -> Outcome {
        _ = try c.library()  // resolved at load (RTLD_NOW): only then is every import bound
        let elf: ELFFile
        do { elf = try ELFFile(path: c.path) } catch { throw Prerequisite("cannot read the ELF file: \(error)") }
        let imports = elf.requiredImports
        let borrowed = try borrowedSymbols(imports, library: c.path)
        let needs = elf.needed.isEmpty ? "nothing" : elf.needed.joined(separator: ", ")
        guard !borrowed.isEmpty else {
            return .passed("its \(imports.count) imported symbol(s) all come from what it links (needs \(needs))")
        }
        return .warning(describe(borrowed, needs: needs))
    }

    /// The imports of the loaded library at `path` that its own dependency tree does not define.
    static func borrowedSymbols(_ imports: [String], library path: String) throws -> [Borrowed] {
        guard let resolved = realpath(path, nil) else { throw Prerequisite("cannot resolve \(path)") }
        defer { free(resolved) }
        // The host loaded it already: NOLOAD hands back that same library, running nothing.
        guard let handle = dlopen(resolved, RTLD_LAZY | RTLD_LOCAL | RTLD_NOLOAD) else {
            throw Prerequisite("the library is not loaded in the check's process")
        }
        defer { dlclose(handle) }
        var result: [Borrowed] = []
        for name in imports where dlsym(handle, name) == nil {
            result.append(Borrowed(symbol: name, provider: provider(of: name)))
        }
        dlerror()
        return result
    }

    /// The file in this process that defines `name`, as the global lookup finds it: the
    /// mapping of /proc/self/maps that holds its address (dladdr needs _GNU_SOURCE, which
    /// Swift's Glibc module does not define).
    static func provider(of name: String) -> String? {
        guard let address = dlsym(nil, name) else { return nil }  // nil handle: RTLD_DEFAULT
        let target = UInt(bitPattern: address)
        guard let maps = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(maps) }
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), maps) != nil {
            // "start-end perms offset dev inode   path"
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let fields = text.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, let dash = fields[0].firstIndex(of: "-"),
                  let start = UInt(fields[0][..<dash], radix: 16),
                  let end = UInt(fields[0][fields[0].index(after: dash)...], radix: 16),
                  start <= target, target < end else { continue }
            let path = fields[5...].joined(separator: " ").split(separator: "\n").first.map(String.init) ?? ""
            return path.hasPrefix("/") ? path : nil
        }
        return nil
    }

    /// One line: the symbols by the library that supplied them, and the link flag to add.
    static func describe(_ borrowed: [Borrowed], needs: String) -> String {
        var order: [String] = []
        var byProvider: [String: [String]] = [:]
        for b in borrowed {
            let key = b.provider ?? ""
            if byProvider[key] == nil { order.append(key) }
            byProvider[key, default: []].append(b.symbol)
        }
        let parts = order.map { key -> String in
            let names = byProvider[key]!
            let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", ... (\(names.count))" : "")
            guard !key.isEmpty else { return "\(shown) from no library this process knows" }
            let base = key.split(separator: "/").last.map(String.init) ?? key
            return "\(shown) from \(base)" + (linkFlag(base).map { " (link it: \($0))" } ?? "")
        }
        return "uses symbols none of the libraries it links define (needs \(needs)); they resolved only because "
            + "the host had loaded them: " + parts.joined(separator: "; ")
    }

    /// libm.so.6 -> -lm; nil for a name that is not lib<name>.so[.N].
    static func linkFlag(_ file: String) -> String? {
        guard file.hasPrefix("lib") else { return nil }
        let rest = file.dropFirst(3)
        var name = Substring("")
        var tail = rest
        while !tail.isEmpty, !tail.hasPrefix(".so") { name.append(tail.removeFirst()) }
        guard !name.isEmpty, tail == ".so" || tail.hasPrefix(".so.") else { return nil }
        return "-l" + name
    }
}
