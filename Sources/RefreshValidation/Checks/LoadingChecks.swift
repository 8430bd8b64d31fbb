import RefreshPluginRuntime

/// Loading: the library opens, has an entry, speaks our ABI, exports only
/// the entry, links sensibly and loads quickly.
/// Each check's id, level and documentation are in Catalogue.swift.
enum LoadingChecks {
    /// The stage at which loading stopped, as the loader reports it.
    private enum Stage: Int { case file = 0, entry, abi, table, loaded }

    private static func stage(_ context: CheckContext) -> (Stage, LoadError?) {
        switch context.loadResult {
        case .success: return (.loaded, nil)
        case let .failure(error):
            switch error.reason {
            case .notFound, .notAbsolute, .notELF, .refused, .dlopenFailed: return (.file, error)
            case .missingEntry, .nullEntry: return (.entry, error)
            case .abiRefused: return (.abi, error)
            case .entryTooSmall, .missingFunction, .initFailed, .noStyles: return (.table, error)
            }
        }
    }

    /// Passes when loading got past `mine`, fails when it stopped there,
    /// skips when it stopped earlier.
    private static func stageCheck(_ context: CheckContext, _ mine: Stage, expected: String, passed: String) -> Outcome {
        let (reached, error) = stage(context)
        if reached.rawValue > mine.rawValue { return .passed(passed) }
        if reached == mine { return .failed(expected: expected, actual: error?.reasonText ?? "loading stopped") }
        return .skipped("loading stopped earlier: \(error?.reasonText ?? "?")")
    }

    static func dlopen(_ c: CheckContext) -> Outcome {
        stageCheck(c, .file, expected: "an ELF shared object that dlopen(RTLD_NOW) opens", passed: "opened with RTLD_NOW")
    }

    static func entry(_ c: CheckContext) -> Outcome {
        stageCheck(c, .entry, expected: "rh_entry defined and returning a table", passed: "rh_entry found")
    }

    static func abiVersion(_ c: CheckContext) -> Outcome {
        let outcome = stageCheck(c, .abi, expected: "ABI \(ABIVersion.host.major).x with x <= \(ABIVersion.host.minor)",
                                 passed: "")
        if case .passed = outcome, let library = try? c.library() {
            return .passed("ABI \(library.abiVersion), host \(ABIVersion.host)")
        }
        return outcome
    }

    static func entryTable(_ c: CheckContext) -> Outcome {
        let outcome = stageCheck(c, .table, expected: "a complete entry table whose init accepts", passed: "")
        if case .passed = outcome, let library = try? c.library() {
            return .passed("\(library.styles.count) style(s)")
        }
        return outcome
    }

    static func exports(_ c: CheckContext) throws -> Outcome {
        let elf = try readELF(c)
        let names = elf.exportedNames
        // Markers some linkers (gold) add to every object are nobody's doing.
        let linkerMade: Set<String> = ["_end", "_edata", "__bss_start", "_init", "_fini"]
        let extra = names.filter { $0 != "rh_entry" && !linkerMade.contains($0) }
        guard extra.isEmpty else {
            let shown = extra.prefix(5).joined(separator: ", ") + (extra.count > 5 ? ", ..." : "")
            return .warning("exports \(extra.count) symbol(s) besides rh_entry: \(shown)")
        }
        return names.contains("rh_entry") ? .passed("exports only rh_entry") : .passed("exports nothing (see loading.entry)")
    }

    static func linkage(_ c: CheckContext) throws -> Outcome {
        let elf = try readELF(c)
        let needs = elf.needed.isEmpty ? "nothing" : elf.needed.joined(separator: ", ")
        let swiftRuntime = ["swift_retain", "swift_allocObject", "swift_conformsToProtocol"].first { elf.defines($0) }
        let cxxRuntime = ["__cxa_throw", "__cxa_begin_catch", "__gxx_personality_v0", "_ZSt9terminatev"].first { elf.defines($0) }
        if let symbol = swiftRuntime {
            return .warning("carries its own Swift runtime (defines \(symbol)); needs \(needs)")
        }
        if let symbol = cxxRuntime {
            return .warning("carries a statically linked C++ runtime (defines \(symbol)); needs \(needs)")
        }
        return .passed("needs \(needs)")
    }

    static func loadTime(_ c: CheckContext) throws -> Outcome {
        _ = try c.library()
        let seconds = c.loadSeconds ?? 0
        let ms = fmt(seconds * 1000, 1)
        return seconds > 0.1 ? .warning("loading took \(ms) ms (budget 100 ms)") : .passed("\(ms) ms")
    }

    private static func readELF(_ c: CheckContext) throws -> ELFFile {
        do { return try ELFFile(path: c.path) } catch { throw Prerequisite("cannot read the ELF file: \(error)") }
    }
}
