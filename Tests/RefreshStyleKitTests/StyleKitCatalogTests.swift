import Foundation
import Testing

/// RefreshStyleKit's ABI 1.4 catalog, through a real Swift plugin
/// (Tests/SwiftKitFixture/ThemeCatalog.swift, in libSwiftKitFixture.so): one
/// style per `*.theme` file in the `themes` folder beside the library. Its
/// styles load beside the library's code styles with their source file, a
/// bad file disables only its own style with its own reason, and the next
/// command sees a file added or changed.
@Suite struct StyleKitCatalogTests {
    /// A folder holding a copy of the fixture library and its themes.
    struct Kit {
        let dir = TemporaryDirectory()
        var folder: String { dir.path + "/Kit" }
        var library: String { folder + "/libSwiftKitFixture.so" }

        init(themes: [String: String]) throws {
            try FileManager.default.createDirectory(atPath: folder + "/themes", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: StyleKitDrawingTests.plugin, toPath: library)
            for (name, text) in themes { try write(name, text) }
        }

        func write(_ name: String, _ text: String) throws {
            try text.write(toFile: folder + "/themes/" + name, atomically: false, encoding: .utf8)
        }

        func cli(_ arguments: [String]) throws -> ProcessResult {
            try runProcess(TestPaths.cli, arguments + ["--plugin-path", folder], environment: [
                "HOME": dir.path + "/home", "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": dir.path + "/cache",
            ])
        }

        /// The centre pixel of the disc, resting in a refresh (ARGB).
        func disc(_ id: String) throws -> UInt32 {
            let out = dir.path + "/\(UUID().uuidString).png"
            let r = try cli(["render", id, "--at", "cycle:1", "--out", out])
            try #require(r.status == 0, "\(r.stderr)")
            // The 60 pt header at the top of the 375 pt screen; the disc's centre at (187.5, 30) pt, at 2x.
            return try DecodedPNG(out)[375, 60]
        }
    }

    @Test("a catalog's styles load beside the code styles, each with its source; a bad file is one line and disables only its style")
    func catalogStyles() throws {
        let kit = try Kit(themes: ["blue.theme": "#3366CC\n", "bad.theme": "banana\n"])
        defer { kit.dir.remove() }
        let list = try kit.cli(["list", "--color", "never"])
        #expect(list.status == 0, "\(list.stderr)")
        let lines = list.stdout.split(separator: "\n").map(String.init)
        for id in ["test.swiftkit.drawing", "test.swiftkit.lifecycle", "test.swiftkit.theme.blue"] {
            #expect(lines.contains { $0.hasPrefix(id + " ") && $0.contains(" loaded ") }, "\(id): \(list.stdout)")
        }
        let why = "bad.theme: line 1: \"banana\" is not a colour like #3366CC"
        #expect(lines.contains { $0.contains("rejected: " + why) }, "\(list.stdout)")

        let info = try kit.cli(["info", "test.swiftkit.theme.blue", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        #expect(object["source"] as? String == kit.folder + "/themes/blue.theme")
        #expect((try kit.disc("test.swiftkit.theme.blue") & 0xFFFFFF) == 0x3366CC)

        let validate = try kit.cli(["validate", kit.library, "--only", "descriptors.strings"])
        #expect(validate.status == 1 && validate.stdout.contains("is NULL: " + why), "\(validate.stdout)")
    }

    @Test("the next command sees a theme added or changed: the catalog's data paths key the registry cache")
    func dataPathsKeyTheCache() throws {
        let kit = try Kit(themes: ["blue.theme": "#3366CC\n"])
        defer { kit.dir.remove() }
        #expect((try kit.disc("test.swiftkit.theme.blue") & 0xFFFFFF) == 0x3366CC)
        try kit.write("green.theme", "#22AA44\n")
        #expect((try kit.disc("test.swiftkit.theme.green") & 0xFFFFFF) == 0x22AA44, "a new file is a new style")
        try kit.write("blue.theme", "#1144EE\n")
        #expect((try kit.disc("test.swiftkit.theme.blue") & 0xFFFFFF) == 0x1144EE, "a changed file changes its style")
    }
}
