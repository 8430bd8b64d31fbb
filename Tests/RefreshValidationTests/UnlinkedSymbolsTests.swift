import RefreshPluginRuntime
import Foundation
import RefreshValidation
import Testing

/// loading.unlinked-symbols on real libraries, and the ELF reader on damaged
/// ones: a missing -lm is named, a linked one is clean, and a library whose
/// dynamic section is garbage or cut short gets a one-line reason, not a crash.
@Suite struct UnlinkedSymbolsTests {
    func cli(_ arguments: [String]) throws -> ProcessResult {
        try runProcess(TestPaths.cli, arguments, environment: ["HOME": NSTemporaryDirectory(), "PATH": "/usr/bin:/bin"])
    }

    @Test("sinf without -lm: a warning naming the symbol, the library the host supplied and the flag")
    func missingLibm() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugin = try Fixture.build("v_unlinked_libm", into: dir.path)
        let run = try ValidateRun([plugin, "--only", "loading.*"])
        #expect(run.status(of: "loading.unlinked-symbols") == "warning", "\(run.statuses)")
        let detail = try #require(run.result("loading.unlinked-symbols")?["detail"] as? String)
        #expect(detail.contains("sinf from libm.so.6 (link it: -lm)"), "\(detail)")
        #expect(detail.contains("needs libc.so.6"), "\(detail)")
        #expect(run.status == 0, "a warning is not a failure")
    }

    @Test("the same source linked with -lm: passed")
    func linkedLibm() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugin = try Fixture.build("v_unlinked_libm", into: dir.path, output: "linked", extraFlags: ["-lm"])
        let run = try ValidateRun([plugin, "--only", "loading.*"])
        #expect(run.status(of: "loading.unlinked-symbols") == "passed", "\(run.statuses)")
        #expect(run.problems.isEmpty && run.statuses.allSatisfy { $0.status == "passed" }, "\(run.statuses)")
    }

    @Test("the bundled styles link what they use")
    func bundled() throws {
        let plugins = TestPaths.bundledPluginFiles
        #expect(plugins.count == TestPaths.bundledLibraryCount)
        for plugin in plugins {
            let run = try ValidateRun([plugin, "--only", "loading.unlinked-symbols"])
            #expect(run.status(of: "loading.unlinked-symbols") == "passed", "\(plugin): \(run.results)")
        }
    }

    /// A damaged copy of a good plugin, made by rewriting its ELF headers.
    enum Damage: String, CaseIterable, CustomStringConvertible {
        /// The section header of .dynamic points past the end of the file (what binutils read).
        case sectionOutsideFile
        /// The dynamic segment's entries overwritten with noise (what ld.so reads: it would crash).
        case garbageSegment
        /// DT_STRTAB points at an address no segment maps.
        case stringTableNowhere
        /// The file cut in half.
        case truncated

        var description: String { rawValue }

        /// The reason the one line must give.
        var reason: String {
            switch self {
            case .sectionOutsideFile: ".dynamic section header points outside the"
            case .garbageSegment: "dynamic segment is damaged: no DT_NULL ends its entries"
            case .stringTableNowhere: "DT_STRTAB points outside every segment it loads"
            case .truncated: "truncated: its dynamic segment ends past its"
            }
        }

        func apply(_ bytes: inout [UInt8]) {
            func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
            func u64(_ at: Int) -> Int { (0..<8).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
            func put64(_ at: Int, _ value: UInt64) { for i in 0..<8 { bytes[at + i] = UInt8(truncatingIfNeeded: value >> (8 * i)) } }
            // PT_DYNAMIC's file range, and the section header of type SHT_DYNAMIC.
            let (phoff, phentsize, phnum) = (u64(0x20), u16(0x36), u16(0x38))
            let dynamic = (0..<phnum).map { phoff + $0 * phentsize }.first { bytes[$0] == 2 && bytes[$0 + 1] == 0 }!
            let (offset, size) = (u64(dynamic + 8), u64(dynamic + 32))
            switch self {
            case .sectionOutsideFile:
                let (shoff, shentsize, shnum) = (u64(0x28), u16(0x3A), u16(0x3C))
                let header = (0..<shnum).map { shoff + $0 * shentsize }.first { bytes[$0 + 4] == 6 }!
                put64(header + 24, 0xFFFF_FFFF_FFFF_FFF0)
                put64(header + 32, 0x7FFF_FFFF_FFFF_FFFF)
            case .garbageSegment:
                var state: UInt64 = 0x9E37_79B9_7F4A_7C15
                for i in offset..<(offset + size) {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    bytes[i] = UInt8(truncatingIfNeeded: state >> 33) | 1  // never a zero tag
                }
            case .stringTableNowhere:
                var at = offset
                while at + 16 <= offset + size, u64(at) != 0 {
                    if u64(at) == 5 { put64(at + 8, 0x7FFF_0000_0000) }
                    at += 16
                }
            case .truncated:
                bytes.removeLast(bytes.count / 2)
            }
        }
    }

    @Test("a damaged dynamic section: one line and status 3 from validate, no crash", arguments: Damage.allCases)
    func damaged(_ damage: Damage) throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let good = try Fixture.build("v_unlinked_libm", into: dir.path, extraFlags: ["-lm"])
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: good)))
        damage.apply(&bytes)
        let bad = dir.path + "/lib\(damage).so"
        try Data(bytes).write(to: URL(fileURLWithPath: bad))

        #expect(throws: ELFError.self) { try ELFFile(bytes: bytes) }
        let r = try cli(["validate", bad])
        #expect(r.status == 3, "not a plugin (docs/cli.md): \(r.stdout)\n\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.hasPrefix("Error: \(bad): not a shared object ("),
                "\(r.stderr)")
        #expect(r.stderr.contains(damage.reason), "\(r.stderr)")
        #expect(!r.stderr.contains("Fatal error") && r.stdout.isEmpty)
    }
}
