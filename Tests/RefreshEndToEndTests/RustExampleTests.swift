import Foundation
import RefreshHostController
import RefreshPluginRuntime
import Testing
import RefreshDiscovery

/// Examples/Rust/orbit.rs is a style in a third language, with no bindings
/// but its own `#[repr(C)]` copy of the 1.0 structs: it must build with plain
/// rustc, export only rh_entry, run, and pass validate at strictness 10 on this
/// 1.2 host (a 1.0 plugin keeps running on every 1.x host).
@Suite(.tags(.endToEnd)) struct RustExampleTests {
    /// rustc from PATH, rustup's usual place, or Debian's package (make test installs it when none is found).
    static let rustc: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "/root"
        let candidates = path.split(separator: ":").map { $0 + "/rustc" } + [home + "/.cargo/bin/rustc", "/usr/bin/rustc"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    @Test("the Rust example builds with rustc alone, exports only rh_entry, runs and passes validate --strictness 10")
    func orbit() throws {
        guard let rustc = Self.rustc else {
            print("skipped: no rustc (make test installs Debian's rustc when none is on PATH)")
            return
        }
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let library = dir.path + "/libOrbit.so"
        let built = try runProcess(rustc, [
            "--edition", "2021", "--crate-type", "cdylib", "-C", "opt-level=2", "-C", "panic=abort",
            "-C", "strip=debuginfo", "-o", library, TestPaths.repository + "/Examples/Rust/orbit.rs",
        ])
        try #require(built.status == 0, "\(built.stderr)")
        #expect(!built.stderr.contains("warning"), "\(built.stderr)")
        let exports = try runProcess("/usr/bin/env", ["nm", "-D", "--defined-only", library])
        #expect(exports.stdout.split(separator: "\n").map { $0.split(separator: " ").last! } == ["rh_entry"])

        let plugins = LoadedPlugins(directories: [SearchDirectory(library, .option)])
        #expect(plugins.registry.styles.map(\.abiVersion) == [ABIVersion(major: 1, minor: 0, patch: 0)])
        #expect(ABIVersion.host.minor >= 1, "the point: a 1.0 plugin on a newer 1.x host")
        try ExamplePlugins.expectCleanRun("orbit", library: library, cycles: 2...10)
        try ExamplePlugins.expectPassesStrictValidation(library)
    }
}
