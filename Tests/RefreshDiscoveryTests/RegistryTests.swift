import Foundation
import RefreshPluginRuntime
import Testing
import RefreshDiscovery

@Suite struct RegistryTests {
    @Test("search order: --plugin-path, REFRESH_HOST_PLUGIN_PATH, user, system prefix, bundled")
    func searchOrder() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let dirs = try SearchPath.standard(
            options: [dir.path], environment: ["REFRESH_HOST_PLUGIN_PATH": "/opt/a::relative:/opt/b", "HOME": "/home/u"],
            executablePath: "/usr/local/bin/refresh-host")
        #expect(dirs == [
            SearchDirectory(dir.path, .option),
            SearchDirectory("/opt/a", .environment),
            SearchDirectory("/opt/b", .environment),
            SearchDirectory("/home/u/.local/lib/refresh-host/plugins", .user),
            SearchDirectory("/usr/local/lib/refresh-host/plugins", .system),
            SearchDirectory("/usr/local/bin/plugins", .bundled),
        ])
    }

    @Test("the current directory is never searched implicitly; a missing --plugin-path is an error")
    func noCurrentDirectory() throws {
        let dirs = try SearchPath.standard(options: [], environment: ["REFRESH_HOST_PLUGIN_PATH": ":.:"],
                                           executablePath: "/x/bin/refresh-host")
        #expect(!dirs.contains { $0.origin == .environment })
        #expect(throws: SearchPathError(description: "--plugin-path /no/such/dir: no such file or directory")) {
            try SearchPath.standard(options: ["/no/such/dir"], environment: [:], executablePath: nil)
        }
    }

    @Test("duplicate ids: the first on the search path wins, the others are listed as shadowed")
    func shadowing() throws {
        let first = TemporaryDirectory()
        let second = TemporaryDirectory()
        defer { first.remove(); second.remove() }
        let mine = try Fixture.build("valid_minimal", into: first.path, output: "myyelp",
                                     extraFlags: ["-DFIXTURE_ID=\"com.refreshhost.yelp\""])
        let other = try Fixture.build("valid_minimal", into: second.path, output: "minimal")
        let plugins = LoadedPlugins(directories: [SearchDirectory(first.path, .option)]
            + [SearchDirectory(second.path, .environment)] + TestPaths.bundledDirectories())
        let yelp = try plugins.registry.lookup("com.refreshhost.yelp")
        #expect(yelp.file == mine)
        #expect(yelp.origin == .option)
        let shadowed = plugins.registry.entries.filter { $0.descriptor?.id == "com.refreshhost.yelp" && $0.status != .loaded }
        #expect(shadowed.count == 1)
        #expect(shadowed.first?.status == .shadowed(by: mine))
        #expect(try plugins.registry.lookup("minimal").file == other)
    }

    @Test("rejected files are listed with their reason; the rest still load")
    func rejectedListed() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("abi_major", into: dir.path)
        _ = try Fixture.build("valid_minimal", into: dir.path)
        let plugins = LoadedPlugins(directories: [SearchDirectory(dir.path, .option)])
        #expect(plugins.registry.entries.count == 2)
        #expect(plugins.registry.entries[0].status == .rejected("built for ABI 2.0.0, this host speaks ABI 1.5.0 (major versions differ)"))
        #expect(plugins.registry.entries[1].status == .loaded)
    }

    @Test("short names: yelp, snapchat, yikyak, yahoo, appcoda, colorchange and yalantis; unknown and ambiguous names are errors")
    func shortNames() throws {
        let plugins = LoadedPlugins(directories: TestPaths.bundledDirectories())
        for (short, id) in [("yelp", "com.refreshhost.yelp"), ("snapchat", "com.refreshhost.snapchat"),
                            ("yikyak", "com.refreshhost.yikyak"), ("yahoo", "com.refreshhost.yahoo"),
                            ("appcoda", "com.refreshhost.appcoda"), ("colorchange", "com.refreshhost.colorchange"),
                            ("yalantis", "com.refreshhost.yalantis"), ("periscope", "com.refreshhost.periscope"),
                            ("Yelp", "com.refreshhost.yelp")] {
            #expect(try plugins.registry.lookup(short).descriptor?.id == id)
        }
        do {
            _ = try plugins.registry.lookup("compass")
            Issue.record("found a style that does not exist")
        } catch {
            #expect(error.description.hasPrefix("no style 'compass'; known: com.refreshhost.appcoda"))
        }

        let a = TemporaryDirectory()
        let b = TemporaryDirectory()
        defer { a.remove(); b.remove() }
        _ = try Fixture.build("valid_minimal", into: a.path, output: "one", extraFlags: ["-DFIXTURE_ID=\"org.one.twin\""])
        _ = try Fixture.build("valid_minimal", into: b.path, output: "two", extraFlags: ["-DFIXTURE_ID=\"org.two.twin\""])
        let twins = LoadedPlugins(directories: [SearchDirectory(a.path, .option), SearchDirectory(b.path, .option)])
        #expect(throws: LookupError("style 'twin' is ambiguous: org.one.twin, org.two.twin")) { try twins.registry.lookup("twin") }
        #expect(try twins.registry.lookup("org.two.twin").descriptor?.id == "org.two.twin")
    }
}
