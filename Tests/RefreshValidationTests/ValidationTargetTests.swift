import Foundation
import RefreshExitStatus
import RefreshOutput
import RefreshPluginSearch
import RefreshTestSupport
import RefreshValidation
import Testing

/// What a `validate` argument names, and what is decided before any check runs, called directly.
@Suite struct ValidationTargetTests {
    func search(home: String) -> PluginSearch {
        var search = PluginSearch(environment: ["HOME": home])
        search.scanner = TestPaths.cli
        return search
    }

    @Test("a .so path is the file, made absolute; a style id is its file on the search path, with its id as the style")
    func pathsAndIds() throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let yahoo = TestPaths.bundledPlugin("libYahooStyle.so")
        let byPath = try ValidationTarget.locate(yahoo, style: nil, search: search(home: home.path))
        #expect(byPath == ValidationTarget(path: yahoo))
        let byId = try ValidationTarget.locate("yahoo", style: nil, search: search(home: home.path))
        #expect(byId.path.hasSuffix("/libYahooStyle.so") && byId.style == "com.refreshhost.yahoo" && byId.made == nil)
        do {
            _ = try ValidationTarget.locate("nope", style: nil, search: search(home: home.path))
            Issue.record("an unknown id was located")
        } catch let error as any ExitCoded {
            #expect(error.exitStatus == .notFound)
        }
    }

    @Test("a folder holding two plugins is a usage error (2); a folder with nothing to validate is not found (3)")
    func folders() throws {
        let home = TemporaryDirectory(), folder = TemporaryDirectory()
        defer { home.remove(); folder.remove() }
        do {
            _ = try ValidationTarget.locate(folder.path, style: nil, search: search(home: home.path))
            Issue.record("an empty folder was located")
        } catch let error as ValidationSetupError {
            #expect(error.exitStatus == .notFound && error.description.contains("a folder with no plugin"))
        }
        for name in ["libA.so", "libB.so"] {
            try FileManager.default.copyItem(atPath: TestPaths.bundledPlugin("libYahooStyle.so"), toPath: folder.path + "/" + name)
        }
        do {
            _ = try ValidationTarget.locate(folder.path, style: nil, search: search(home: home.path))
            Issue.record("a folder of two plugins was located")
        } catch let error as ValidationSetupError {
            #expect(error.exitStatus == .usage)
            #expect(error.description == "\(folder.path) holds 2 plugins (libA.so, libB.so): validate one .so at a time")
        }
        try FileManager.default.removeItem(atPath: folder.path + "/libB.so")
        #expect(try ValidationTarget.locate(folder.path, style: "yahoo", search: search(home: home.path))
                == ValidationTarget(path: folder.path + "/libA.so", style: "yahoo"))
    }

    @Test("the file gate and the ELF header decide a refusal before any check; a real plugin has none")
    func refusals() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        #expect(PluginRefusal.reason(TestPaths.bundledPlugin("libYahooStyle.so")) == nil)
        #expect(PluginRefusal.reason(dir.path + "/missing.so") != nil)
        try Data("not a plugin\n".utf8).write(to: URL(fileURLWithPath: dir.path + "/text.so"))
        #expect(PluginRefusal.reason(dir.path + "/text.so") != nil)
        // An object file is ELF, but not a shared object: type 1, relocatable.
        try Data("int x;\n".utf8).write(to: URL(fileURLWithPath: dir.path + "/x.c"))
        let cc = try runProcess("/usr/bin/cc", ["-c", dir.path + "/x.c", "-o", dir.path + "/x.so"])
        #expect(cc.status == 0, "\(cc.stderr)")
        #expect(PluginRefusal.reason(dir.path + "/x.so") == "not a shared object (ELF type 1)")
    }

    @Test("a copy of a bundled style's file on the search path is shadowed by it, and says so")
    func shadowed() throws {
        let home = TemporaryDirectory(), dir = TemporaryDirectory()
        defer { home.remove(); dir.remove() }
        let copy = dir.path + "/libMyYahooStyle.so"
        try FileManager.default.copyItem(atPath: TestPaths.bundledPlugin("libYahooStyle.so"), toPath: copy)
        let review = SearchPathReview.review(file: copy, search: search(home: home.path))
        #expect(review.verdict == nil)
        #expect(review.notes.count == 1)
        #expect(review.notes.first?.hasPrefix("com.refreshhost.yahoo is shadowed by ") == true)
        #expect(SearchPathReview.review(file: TestPaths.bundledPlugin("libYahooStyle.so"), search: search(home: home.path)).notes.isEmpty)
    }

    @Test("--style against the worker's list: an id exactly, a short name in any case; otherwise the ids it has")
    func styleChoice() {
        let names = ["com.example.drop", "drop", "com.example.wave", "wave"]
        #expect(StyleChoice.problem("com.example.drop", names: names, path: "/p.so") == nil)
        #expect(StyleChoice.problem("WAVE", names: names, path: "/p.so") == nil)
        #expect(StyleChoice.problem("COM.example.drop", names: names, path: "/p.so") != nil)
        #expect(StyleChoice.problem("fire", names: names, path: "/p.so")
                == "--style fire: no such style in /p.so (it has: com.example.drop, com.example.wave)")
    }

    @Test("a seed is a whole number up to 2^53-1; a fresh one is short enough to type back")
    func seeds() {
        #expect(ValidationSeed.parse("0") == 0)
        #expect(ValidationSeed.parse("9007199254740991") == ValidationSeed.max)
        #expect(ValidationSeed.parse("9007199254740992") == nil)
        #expect(ValidationSeed.parse("-1") == nil && ValidationSeed.parse("1e3") == nil)
        #expect(ValidationSeed.fresh() < 1_000_000_000)
    }

    @Test("--junit FILE: made before the checks, the report whole at the end; a file that cannot be made names --junit")
    func junit() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let output = try JUnitOutput(target: dir.path + "/report.xml")
        try output.write("<testsuites/>\n")
        #expect(try String(contentsOfFile: dir.path + "/report.xml", encoding: .utf8) == "<testsuites/>\n")
        do {
            _ = try JUnitOutput(target: "/no/such/folder/report.xml")
            Issue.record("a report in a missing folder was made")
        } catch {
            #expect(error.exitStatus == .outputFailed && error.description.hasPrefix("--junit /no/such/folder/report.xml: "))
        }
    }
}
