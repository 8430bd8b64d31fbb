import Foundation
import RefreshDiscovery
import RefreshHostController
import RefreshPluginRuntime
import Testing

/// The folder-per-plugin layout: a search folder's `*.so` and, one level
/// down, each style folder's (`DIR/NAME/*.so`, the .so beside its assets and
/// licence); nothing deeper, nothing hidden. The registry, the catalog (and
/// its cache), `list` and the bundled styles all see it.
@Suite(.serialized) struct PluginFolderLayoutTests {
    /// DIR/libflat.so, DIR/Style/libinner.so, DIR/Style/deeper/libdeep.so,
    /// DIR/.hidden/libhidden.so, DIR/Style/.libdot.so: three style ids.
    func makeTree(_ dir: TemporaryDirectory) throws -> String {
        let fm = FileManager.default
        let root = dir.path + "/plugins"
        for folder in ["/Style/deeper", "/.hidden", "/Empty"] {
            try fm.createDirectory(atPath: root + folder, withIntermediateDirectories: true)
        }
        _ = try Fixture.build("valid_minimal", into: root, output: "flat", extraFlags: ["-DFIXTURE_ID=\"test.flat\""])
        _ = try Fixture.build("valid_minimal", into: root + "/Style", output: "inner", extraFlags: ["-DFIXTURE_ID=\"test.inner\""])
        _ = try Fixture.build("valid_minimal", into: root + "/Style/deeper", output: "deep", extraFlags: ["-DFIXTURE_ID=\"test.deep\""])
        _ = try Fixture.build("valid_minimal", into: root + "/.hidden", output: "hidden", extraFlags: ["-DFIXTURE_ID=\"test.hidden\""])
        try fm.copyItem(atPath: root + "/Style/libinner.so", toPath: root + "/Style/.libdot.so")
        try Data("licence".utf8).write(to: URL(fileURLWithPath: root + "/Style/LICENSE"))
        return root
    }

    @Test("the search finds DIR/*.so and DIR/NAME/*.so, in path order; not deeper, not hidden")
    func scan() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let root = try makeTree(dir)
        #expect(SearchPath.pluginFiles(in: root) == [root + "/Style/libinner.so", root + "/libflat.so"])
        let loaded = LoadedPlugins(directories: [SearchDirectory(root, .option)])
        defer { loaded.close() }
        let registry = loaded.registry
        #expect(registry.entries.compactMap(\.descriptor?.id).sorted() == ["test.flat", "test.inner"])
        #expect(throws: LookupError.self) { try registry.lookup("test.deep") }
    }

    @Test("the catalog's cache sees a style folder that appears, and one whose .so changes")
    func cacheSeesFolders() throws {
        let dir = TemporaryDirectory()
        let cache = TemporaryDirectory()
        defer { dir.remove(); cache.remove() }
        let root = try makeTree(dir)
        func catalog() -> PluginRegistry {
            PluginRegistry(directories: [SearchDirectory(root, .option)],
                          options: PluginRegistry.Options(scanner: TestPaths.cli, cacheFolder: cache.path))
        }
        let first = catalog()
        #expect(first.entries.compactMap(\.descriptor?.id).sorted() == ["test.flat", "test.inner"])
        #expect(first.scannedCount == 2)
        // A new style folder: scanned, the others come from the cache.
        try FileManager.default.createDirectory(atPath: root + "/Later", withIntermediateDirectories: false)
        _ = try Fixture.build("valid_minimal", into: root + "/Later", output: "later", extraFlags: ["-DFIXTURE_ID=\"test.later\""])
        let second = catalog()
        #expect(second.entries.compactMap(\.descriptor?.id).sorted() == ["test.flat", "test.inner", "test.later"])
        #expect(second.scannedCount == 1 && second.cachedCount == 2)
        // The folder's .so rebuilt with another id: rescanned.
        _ = try Fixture.build("valid_minimal", into: root + "/Later", output: "later", extraFlags: ["-DFIXTURE_ID=\"test.later2\""])
        let third = catalog()
        #expect(third.entries.compactMap(\.descriptor?.id).sorted() == ["test.flat", "test.inner", "test.later2"])
        #expect(third.scannedCount == 1)
    }

    @Test("list shows a style folder's file; info names it")
    func list() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let root = try makeTree(dir)
        let env = ["HOME": dir.path + "/home", "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": dir.path + "/cache"]
        let listed = try runProcess(TestPaths.cli, ["list", "--plugin-path", root], environment: env)
        #expect(listed.status == 0, "\(listed.stderr)")
        let line = listed.stdout.split(separator: "\n").first { $0.hasPrefix("test.inner") }
        #expect(line?.hasSuffix(root + "/Style/libinner.so") == true, "\(listed.stdout)")
        #expect(!listed.stdout.contains("test.deep") && !listed.stdout.contains("test.hidden"))
        let info = try runProcess(TestPaths.cli, ["info", "test.inner", "--plugin-path", root], environment: env)
        #expect(info.stdout.contains(root + "/Style/libinner.so"), "\(info.stdout)")
    }

    @Test("make plugins puts each bundled style in its own folder, with its README when it has one")
    func bundled() throws {
        let files = TestPaths.bundledPluginFiles
        #expect(files.count == TestPaths.bundledLibraryCount)
        let fm = FileManager.default
        for file in files {
            let relative = file.dropFirst(TestPaths.bundledPlugins.count + 1)
            let parts = relative.split(separator: "/")
            #expect(parts.count == 2, "\(relative)")
            guard parts.count == 2 else { continue }
            #expect(parts[1] == "lib\(parts[0])Style.so")
            #expect(fm.fileExists(atPath: TestPaths.repository + "/Plugins/\(parts[0])"))
            let readme = TestPaths.repository + "/Plugins/\(parts[0])/README.md"
            #expect(fm.fileExists(atPath: readme) == fm.fileExists(atPath: TestPaths.bundledPlugins + "/\(parts[0])/README.md"))
        }
        let plugins = TestPaths.loadBundledPlugins()
        defer { plugins.close() }
        let registry = plugins.registry
        // One library per folder; the Lottie adapter's library offers two styles (Orbit and Bloom).
        let loaded = registry.entries.filter { $0.status == .loaded }
        #expect(Set(loaded.map(\.file)).count == TestPaths.bundledLibraryCount)
        #expect(loaded.count == TestPaths.bundledStyleCount)
    }
}
