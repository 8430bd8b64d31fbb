import Foundation
import RefreshHostController
import RefreshPluginRuntime
import Testing
import RefreshDiscovery

/// Plugins of older ABIs keep working on today's host: frozen_1_0.c,
/// frozen_1_1.c, frozen_1_2.c, frozen_1_3.c and frozen_1_4.c (Tests/Fixtures/abi) are built only against verbatim copies
/// of those versions' headers and use everything their version offered. The
/// Rust example (ABI 1.0) is RustExampleTests' part of the same promise.
@Suite(.tags(.endToEnd)) struct FrozenABITests {
    static let abi = TestPaths.fixtures + "/abi"

    /// cc against the frozen header of `version` alone (the current header's
    /// folder is not on the include path).
    func build(_ version: String, into dir: TemporaryDirectory, flags: [String] = []) throws -> String {
        let name = version.replacingOccurrences(of: ".", with: "_")
        let library = dir.path + "/libfrozen_\(name)\(flags.isEmpty ? "" : "_probes").so"
        let built = try runProcess("/usr/bin/env", [
            "cc", "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-fPIC", "-fvisibility=hidden", "-shared",
            "-I", Self.abi + "/" + version, "-o", library, Self.abi + "/frozen_\(name).c", "-lm",
        ] + flags)
        try #require(built.status == 0, "\(built.stderr)")
        return library
    }

    @Test("a frozen plugin declares its old ABI, runs cleanly on today's host, renders and passes validate --strictness 10",
          arguments: ["1.0", "1.1", "1.2", "1.3", "1.4"])
    func frozenPluginStillWorks(version: String) throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let library = try build(version, into: dir)
        let minor = UInt32(version.split(separator: ".")[1])!
        let id = "test.frozen.v" + version.replacingOccurrences(of: ".", with: "_")

        let plugins = LoadedPlugins(directories: [SearchDirectory(library, .option)])
        #expect(plugins.registry.styles.map(\.abiVersion) == [ABIVersion(major: 1, minor: minor, patch: 0)])
        #expect(ABIVersion.host.minor > minor, "the point: an old plugin on a newer 1.x host")
        try ExamplePlugins.expectCleanRun(id, library: library, cycles: 2...10)

        let png = dir.path + "/frame.png"
        let rendered = try runProcess(TestPaths.cli, ["render", id, "--plugin-path", library, "--out", png, "--at", "1.2"])
        try #require(rendered.status == 0, "\(rendered.stderr)")
        let frame = try DecodedPNG(png)
        #expect(frame.count(near: 0xE64D33) > 100, "the dot (an ellipse) is drawn in its fill")
        #expect(frame.count(near: 0xF2CC33) > 100, "the arc path is filled")
        // The card: solid 0x3380E6 in 1.0; in 1.1 a gradient from pale to that blue.
        let solid = frame.count(near: 0x3380E6)
        if minor == 0 {
            #expect(solid > 1000)
        } else {
            #expect(solid < 400 && frame.count(near: 0x6D9FEB, tolerance: 12) > 20, "the gradient, not the fill colour")
        }

        // Frozen ids are test.frozen.*, not placeholders: no warning is expected.
        try ExamplePlugins.expectPassesStrictValidation(library, expectedWarnings: [])
    }

    @Test("a 1.1 plugin gets 'unknown' for 1.2's arc direction and curves, and RH_OK (never RH_WARN_ADJUSTED) for an adjusted path")
    func newValuesStayUnknownToOldPlugins() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let library = try build("1.1", into: dir, flags: ["-DFROZEN_PROBES"])
        let s = try Session("test.frozen.v1_1", directories: [SearchDirectory(library, .option)])
        defer { s.close() }
        var status: [String: Int] = [:]
        for m in s.log.entries(of: .plugin).map(\.message) {
            guard let r = m.range(of: " status=") else { continue }
            status[String(m[..<r.lowerBound])] = Int(m[r.upperBound...])
        }
        #expect(status == ["arc negative": -2, "curve 6 block": -2, "curve 6 key-path": -2, "line first": 0])
        let misuse = s.log.entries(of: .misuse).map(\.message)
        #expect(misuse.contains { $0.hasPrefix("layer_set_path:") && $0.contains("op 5") }, "\(misuse)")
        #expect(misuse.contains { $0.hasPrefix("animate_begin:") && $0.contains("curve 6") }, "\(misuse)")
        #expect(misuse.contains { $0.hasPrefix("layer_add_animation:") && $0.contains("curve 6") }, "\(misuse)")
        // The adjustment itself is still reported, in the host's log.
        let said = s.log.entries.map(\.message)
        #expect(said.contains { $0.hasPrefix("layer_set_path:") && !$0.contains("op 5") }, "\(said)")
    }
}
