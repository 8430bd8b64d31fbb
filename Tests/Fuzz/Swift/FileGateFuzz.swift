import RefreshPluginRuntime

/// A plugin file as the loader's gate meets it: located, its header checked
/// (ELFHeaders, on the file), and read by the ELF reader (dynamic section, symbols, needed).
enum FileGateFuzz {
    nonisolated(unsafe) static var scratch: ScratchFile?

    static func prepare() { scratch = ScratchFile(name: "libfuzz.so") }

    static func run(_ bytes: [UInt8]) {
        let file = scratch!
        file.write(bytes)
        if case let .located(located) = FileGate.locate(file.path) {
            _ = FileGate.inspect(located)
        }
        if let elf = try? ELFFile(bytes: bytes) {
            _ = elf.exportedNames
            _ = elf.requiredImports
            _ = elf.defines("rh_entry")
        }
    }
}
