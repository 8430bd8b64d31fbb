import RefreshPluginRuntime
import Testing

/// The ELF reader the validator and the file gate share, on the real bundled plugins.
@Suite struct ELFTests {
    @Test("the C style exports only rh_entry and needs libc")
    func yahoo() throws {
        let elf = try ELFFile(path: TestPaths.bundledPlugin("libYahooStyle.so"))
        #expect(elf.type == 3)
        #expect(elf.exportedNames == ["rh_entry"])
        #expect(elf.needed.contains("libc.so.6"))
    }

    @Test("a debug Swift style: its .dynsym holds local kit symbols, yet it exports only rh_entry")
    func swiftStyle() throws {
        let elf = try ELFFile(path: TestPaths.bundledPlugin("libYelpStyle.so"))
        #expect(elf.exportedNames == ["rh_entry"])
        #expect(elf.dynamicSymbols.contains { $0.defined && $0.binding == 0 && $0.name.hasPrefix("$s") })
        #expect(elf.needed.contains("libswiftCore.so"))
        #expect(!elf.defines("swift_retain"), "links the Swift runtime dynamically")
    }

    @Test("a file that is not ELF is refused with a reason")
    func notELF() {
        #expect(throws: ELFError.self) { try ELFFile(bytes: Array(repeating: 0x41, count: 200)) }
    }
}
