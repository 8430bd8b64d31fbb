import Foundation
import RefreshTestSupport
import Testing
@testable import RefreshScaffold

/// `refresh-host new`, through the real CLI: what it writes, and what it refuses
/// (one line on stderr, exit status 1, nothing written).
@Suite struct ScaffoldTests {
    /// Every file in `folder`, relative and sorted, or [] if it does not exist.
    static func tree(_ folder: String) -> [String] {
        (FileManager.default.subpaths(atPath: folder) ?? []).sorted()
    }

    @Test func cProjectHasEveryFileAndCallback() throws {
        let tmp = TemporaryDirectory()
        defer { tmp.remove() }
        let result = try runProcess(TestPaths.cli, ["new", "Bubbles", "--lang", "c"], directory: tmp.path)
        #expect(result.status == 0, "\(result.stderr)")
        let folder = tmp.path + "/Bubbles"
        #expect(Self.tree(folder) == [".gitignore", "Makefile", "README.md", "bubbles.c"])
        #expect(result.stdout.contains("cd Bubbles && make && refresh-host list --plugin-path ."))
        let source = try String(contentsOfFile: folder + "/bubbles.c", encoding: .utf8)
        for slot in ["setup", "destroy", "pull", "state_changed", "setup_for_cycle", "cycle", "exit", "reset", "tick",
                     "get_extension", "init", "deinit", "style_count", "style_descriptor", "create"] {
            #expect(source.contains(".\(slot) = bubbles_\(slot)"), "no \(slot) in the generated C")
        }
        #expect(source.contains("\"com.example.bubbles\""))
        let makefile = try String(contentsOfFile: folder + "/Makefile", encoding: .utf8)
        #expect(makefile.contains("LIB          := libBubbles.so"))
        #expect(makefile.contains("pkg-config") && makefile.contains("refresh-host.pc not found"))
    }

    @Test func idAndDirectoryOptions() throws {
        let tmp = TemporaryDirectory()
        defer { tmp.remove() }
        try FileManager.default.createDirectory(atPath: tmp.path + "/empty", withIntermediateDirectories: false)
        let result = try runProcess(TestPaths.cli, ["new", "Wave2", "--lang", "c", "--dir", "empty/deeper",
                                                    "--id", "org.acme.wave-2"], directory: tmp.path)
        #expect(result.status == 0, "\(result.stderr)")
        let source = try String(contentsOfFile: tmp.path + "/empty/deeper/wave2.c", encoding: .utf8)
        #expect(source.contains("\"org.acme.wave-2\""))
        // An existing empty folder is fine too.
        let again = try runProcess(TestPaths.cli, ["new", "Wave3", "--lang", "c", "--dir", tmp.path + "/empty2"])
        #expect(again.status == 0, "\(again.stderr)")
        try? FileManager.default.removeItem(atPath: tmp.path + "/empty2")
    }

    @Test func swiftProjectNamesTheKitAndNothingElse() throws {
        let tmp = TemporaryDirectory()
        defer { tmp.remove() }
        let kit = tmp.path + "/kit/RefreshStyleKit"
        try FileManager.default.createDirectory(atPath: kit, withIntermediateDirectories: true)
        try "// swift-tools-version: 6.1\n".write(toFile: kit + "/Package.swift", atomically: true, encoding: .utf8)
        let result = try runProcess(TestPaths.cli, ["new", "Ripple", "--lang", "swift"],
                                    environment: ["REFRESH_HOST_SWIFT_KIT": kit, "PATH": "/usr/bin:/bin"],
                                    directory: tmp.path)
        #expect(result.status == 0, "\(result.stderr)")
        let folder = tmp.path + "/Ripple"
        #expect(Self.tree(folder) == [".gitignore", "Makefile", "Package.swift", "README.md", "Sources", "Sources/Ripple",
                                      "Sources/Ripple/Ripple.swift", "exports.map"])
        let package = try String(contentsOfFile: folder + "/Package.swift", encoding: .utf8)
        #expect(package.contains("?? \"\(kit)\""))
        #expect(package.contains(".library(name: \"Ripple\", type: .dynamic"))
        let source = try String(contentsOfFile: folder + "/Sources/Ripple/Ripple.swift", encoding: .utf8)
        for member in ["static let descriptor", "static var wantsTick", "init(host:", "func setup(root:", "func pull(",
                       "func stateChanged(", "func setupForCycle()", "func cycle()", "func exit(result:", "func reset()",
                       "func tick(", "deinit", "@c(rh_entry)"] {
            #expect(source.contains(member), "no \(member) in the generated Swift")
        }
    }

    /// Each refusal: exit 1, one line on stderr that names the value, no file written.
    @Test(arguments: [
        (["new", "9lives", "--lang", "c"], "'9lives'"),
        (["new", "Has-Dash", "--lang", "c"], "'Has-Dash'"),
        (["new", String(repeating: "A", count: 41), "--lang", "c"], String(repeating: "A", count: 41)),
        (["new", "Ünicode", "--lang", "c"], "'Ünicode'"),
        (["new", "RefreshStyleKit", "--lang", "swift"], "'RefreshStyleKit'"),
        (["new", "Bubbles", "--lang", "rust"], "'rust'"),
        (["new", "Bubbles", "--lang", "c", "--id", "bubbles"], "'bubbles'"),
        (["new", "Bubbles", "--lang", "c", "--id", "com..bubbles"], "'com..bubbles'"),
        (["new", "Bubbles", "--lang", "c", "--dir", "full"], "'full'"),
        (["new", "Bubbles", "--lang", "c", "--dir", "afile/sub"], "afile"),
        (["new", "Bubbles", "--lang", "swift"], "Swift kit"),
    ])
    func refusals(arguments: [String], named: String) throws {
        let tmp = TemporaryDirectory()
        defer { tmp.remove() }
        try FileManager.default.createDirectory(atPath: tmp.path + "/full", withIntermediateDirectories: false)
        try "x".write(toFile: tmp.path + "/full/keep", atomically: true, encoding: .utf8)
        try "x".write(toFile: tmp.path + "/afile", atomically: true, encoding: .utf8)
        let before = Self.tree(tmp.path)
        // No REFRESH_HOST_SWIFT_KIT, and the test binary's folder has no installed kit beside it.
        let result = try runProcess(TestPaths.cli, arguments, environment: ["PATH": "/usr/bin:/bin"], directory: tmp.path)
        #expect(result.status == 2, "a usage error (docs/cli.md)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: ") && result.stderr.contains(named), "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal") && result.stdout.isEmpty)
        #expect(Self.tree(tmp.path) == before)
    }

    /// A failure while writing (here: a file where a folder must go) removes what was written.
    @Test func writeFailureRollsBack() throws {
        let tmp = TemporaryDirectory()
        defer { tmp.remove() }
        let scaffold = Scaffold(name: "Deep", language: .c, directory: tmp.path + "/a/b/c")
        try FileManager.default.createDirectory(atPath: tmp.path + "/a", withIntermediateDirectories: false)
        var writer = ProjectWriter(root: tmp.path + "/a/b/c", shownAs: "a/b/c")
        try writer.prepareRoot()
        try writer.write(GeneratedFile(path: "x/one", contents: "1"))
        #expect(throws: ScaffoldError.self) { try writer.write(GeneratedFile(path: "x/one/two", contents: "2")) }
        writer.rollBack()
        #expect(Self.tree(tmp.path) == ["a"])
        // And the real thing writes every file of its kind.
        let written = try scaffold.write()
        #expect(written.files == ["Makefile", "deep.c", "README.md", ".gitignore"])
    }
}
