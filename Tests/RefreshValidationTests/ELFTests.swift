import RefreshValidation
import Testing

/// The validator's own ELF reader, on the real bundled plugins.
@Suite struct ELFTests {
    @Test("the C style exports only rh_entry and needs libc")
    func yahoo() throws {
        let elf = try ELFFile(path: ValidationPaths.bundledPlugins + "/libYahooStyle.so")
        #expect(elf.type == 3)
        #expect(elf.exportedNames == ["rh_entry"])
        #expect(elf.needed.contains("libc.so.6"))
    }

    @Test("a file that is not ELF is refused with a reason")
    func notELF() {
        #expect(throws: ELFError.self) { try ELFFile(bytes: Array(repeating: 0x41, count: 200)) }
    }
}
