import Foundation
import Testing

/// `install FOLDER` and `remove ID`, through the real CLI with a private
/// HOME: a folder is validated before anything is copied, lands where the
/// registry finds it, is replaced only with --force, and comes out again;
/// a bundled style is not the user's to remove.
@Suite(.tags(.endToEnd)) struct InstallTests {
    struct Home {
        let dir = TemporaryDirectory()
        var env: [String: String] {
            ["HOME": dir.path + "/home", "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": dir.path + "/cache",
             "XDG_DATA_HOME": dir.path + "/data"]
        }
        var userPlugins: String { dir.path + "/home/.local/lib/refresh-host/plugins" }
        var designs: String { dir.path + "/data/refresh-host/styles" }

        func cli(_ arguments: [String]) throws -> ProcessResult { try runProcess(TestPaths.cli, arguments, environment: env) }
    }

    /// A plugin folder holding data_styles.c built (one style per .style file) and its README.
    func pluginFolder(in home: Home, name: String = "mine", variant: [String] = []) throws -> String {
        let folder = home.dir.path + "/src/" + name
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = try Fixture.build("data_styles", into: folder, output: "mine", extraFlags: variant)
        try "70\n".write(toFile: folder + "/a.style", atomically: false, encoding: .utf8)
        try "# Mine\n".write(toFile: folder + "/README.md", atomically: false, encoding: .utf8)
        return folder
    }

    @Test("install validates a plugin folder, copies it into the user plugin folder, and the registry runs it; remove takes it out")
    func installAndRemovePlugin() throws {
        let home = Home()
        defer { home.dir.remove() }
        let folder = try pluginFolder(in: home)
        let installed = try home.cli(["install", folder])
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(installed.stdout.contains("validate \(folder)/libmine.so: 35 passed"), "\(installed.stdout)")
        #expect(installed.stdout.contains("Installed mine in \(home.userPlugins)/mine"))
        #expect(installed.stdout.contains("Styles: test.data.a"))
        for file in ["libmine.so", "a.style", "README.md"] {
            #expect(FileManager.default.fileExists(atPath: home.userPlugins + "/mine/" + file), "\(file)")
        }
        let run = try home.cli(["run", "test.data.a", "--no-live"])
        #expect(run.status == 0, "\(run.stderr)")

        // Once is enough: a second install says how to replace it, and --force does.
        let again = try home.cli(["install", folder])
        #expect(again.status == 2 && again.stderr == "Error: \(home.userPlugins)/mine is already installed; --force replaces it (see 'refresh-host install --help')\n")
        try "80\n".write(toFile: folder + "/a.style", atomically: false, encoding: .utf8)
        #expect(try home.cli(["install", folder, "--force"]).status == 0)
        let info = try home.cli(["info", "test.data.a"])
        #expect(info.stdout.contains("80.0 pt"), "the new copy is the one found")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.userPlugins)
        #expect(leftovers == ["mine"], "no staging or replaced folder is left: \(leftovers)")

        let removed = try home.cli(["remove", "test.data.a"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout == "Removed \(home.userPlugins)/mine (test.data.a)\n")
        #expect(!FileManager.default.fileExists(atPath: home.userPlugins + "/mine"))
        #expect(try home.cli(["info", "test.data.a"]).status == 3)
    }

    @Test("a plugin that does not pass validate is not installed, and its report says why")
    func failingPluginIsNotInstalled() throws {
        let home = Home()
        defer { home.dir.remove() }
        let folder = try pluginFolder(in: home, variant: ["-DSOURCE_BAD"])
        let r = try home.cli(["install", folder])
        #expect(r.status == 1)
        #expect(r.stdout.contains("source \"relative/file.style\" is not an absolute path"), "\(r.stdout)")
        #expect(r.stderr.hasSuffix("Error: \(folder): not installed: `refresh-host validate \(folder)/libmine.so` did not pass\n"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.userPlugins + "/mine"))
    }

    @Test("bad folders and bundled styles get one line and a non-zero status; nothing changes")
    func refusals() throws {
        let home = Home()
        defer { home.dir.remove() }
        let empty = home.dir.path + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let cases: [([String], Int32, String)] = [
            (["install", home.dir.path + "/nope"], 3, "Error: \(home.dir.path)/nope: no such folder"),
            (["install", empty], 3, "Error: \(empty): a folder with no plugin (.so) and no designer's file"),
            (["install", empty, "--strictness", "11"], 2, "Error: --strictness 11: must be a whole number from 1 to 10"),
            (["remove", "yelp"], 2, "Error: com.refreshhost.yelp comes from "),
            (["remove", "nosuchstyle"], 3, "Error: "),
        ]
        for (arguments, status, prefix) in cases {
            let r = try home.cli(arguments)
            #expect(r.status == status, "\(arguments): \(r.stderr)")
            #expect(r.stderr.hasPrefix(prefix) && r.stderr.split(separator: "\n").count == 1, "\(arguments): \(r.stderr)")
        }
        let link = home.dir.path + "/linked"
        try FileManager.default.createDirectory(atPath: link, withIntermediateDirectories: true)
        try "{}".write(toFile: link + "/x.json", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link + "/secret", withDestinationPath: "/etc/passwd")
        let linked = try home.cli(["install", link])
        #expect(linked.status != 0)
        #expect(!FileManager.default.fileExists(atPath: home.designs + "/linked"))
        #expect(!FileManager.default.fileExists(atPath: home.userPlugins))
    }
}
