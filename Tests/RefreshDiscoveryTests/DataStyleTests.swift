import Foundation
import RefreshDiscovery
import RefreshPluginRuntime
import Testing

/// ABI 1.4: a library that makes styles from data files (data_styles.c, one
/// style per `*.style` file beside it). A broken file disables only its own
/// style, with the plugin's reason; the registry cache keys on the files the
/// plugin lists, so the next command sees a file changed, added or removed.
@Suite struct DataStyleTests {
    func catalog(_ dir: String, cache: String) -> PluginRegistry {
        PluginRegistry(directories: [SearchDirectory(dir, .option)],
                      options: PluginRegistry.Options(scanner: TestPaths.cli, cacheFolder: cache)) { _ in }
    }

    func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    @Test("a broken data file disables only its own style, and list, info and validate name the file and the cause")
    func brokenFileDisablesOnlyItsStyle() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let library = try Fixture.build("data_styles", into: dir.path)
        try write("70\n", to: dir.path + "/a.style")
        try write("banana\n", to: dir.path + "/b.style")
        try write("55\n", to: dir.path + "/c.style")

        let loaded = LoadedPlugins(directories: [SearchDirectory(dir.path, .option)])
        defer { loaded.close() }
        let registry = loaded.registry
        #expect(registry.styles.compactMap(\.descriptor?.id) == ["test.data.a", "test.data.c"])
        #expect(registry.styles.compactMap(\.descriptor?.source) == [dir.path + "/a.style", dir.path + "/c.style"])
        let why = "b.style: line 1: \"banana\" is not a height from 1 to 1000"
        #expect(registry.entries.contains { $0.status == .rejected(why) }, "\(registry.entries.map(\.status))")

        let env = ["HOME": dir.path, "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": dir.path + "/cache"]
        let list = try runProcess(TestPaths.cli, ["list", "--plugin-path", dir.path, "--color", "never"], environment: env)
        #expect(list.status == 0)
        #expect(list.stdout.split(separator: "\n").contains { $0.contains("rejected: " + why) && $0.contains(library) },
                "\(list.stdout)")
        let run = try runProcess(TestPaths.cli, ["run", "test.data.c", "--plugin-path", dir.path, "--no-live"], environment: env)
        #expect(run.status == 0, "\(run.stderr)")

        let validate = try runProcess(TestPaths.cli, ["validate", library, "--only", "descriptors.strings"], environment: env)
        #expect(validate.status == 1)
        #expect(validate.stdout.contains("style_descriptor(1) is NULL: " + why), "\(validate.stdout)")
    }

    @Test("the registry cache keys on the data files: a changed, added or removed file is seen by the next command")
    func cacheKeysOnDataFiles() throws {
        let dir = TemporaryDirectory()
        let cache = TemporaryDirectory()
        defer { dir.remove(); cache.remove() }
        _ = try Fixture.build("data_styles", into: dir.path)
        try write("70\n", to: dir.path + "/a.style")
        func heights(_ c: PluginRegistry) -> [String: Double] {
            Dictionary(uniqueKeysWithValues: c.styles.compactMap(\.descriptor).map { ($0.id, $0.metrics.height) })
        }

        let cold = catalog(dir.path, cache: cache.path)
        #expect(heights(cold) == ["test.data.a": 70] && cold.scannedCount == 1)
        let warm = catalog(dir.path, cache: cache.path)
        #expect(heights(warm) == ["test.data.a": 70] && warm.cachedCount == 1 && warm.scannedCount == 0)

        // The same size, a new modification time: the identity changes.
        try write("90\n", to: dir.path + "/a.style")
        let changed = catalog(dir.path, cache: cache.path)
        #expect(heights(changed) == ["test.data.a": 90] && changed.scannedCount == 1)

        try write("55\n", to: dir.path + "/b.style")
        let added = catalog(dir.path, cache: cache.path)
        #expect(heights(added) == ["test.data.a": 90, "test.data.b": 55] && added.scannedCount == 1)

        try FileManager.default.removeItem(atPath: dir.path + "/a.style")
        let removed = catalog(dir.path, cache: cache.path)
        #expect(heights(removed) == ["test.data.b": 55] && removed.scannedCount == 1)
        let again = catalog(dir.path, cache: cache.path)
        #expect(again.cachedCount == 1 && again.scannedCount == 0, "unchanged files come from the cache again")
    }

    @Test("hostile 1.4 entries: a garbage reason is cut to one clean line, a crash or hang is the library's own, bad paths are skipped",
          arguments: ["ERROR_GARBAGE", "ERROR_CRASH", "PATHS_GARBAGE", "PATHS_HANG", "SOURCE_BAD"])
    func hostileEntries(variant: String) throws {
        let dir = TemporaryDirectory()
        let cache = TemporaryDirectory()
        defer { dir.remove(); cache.remove() }
        _ = try Fixture.build("data_styles", into: dir.path, extraFlags: ["-D" + variant])
        try write("70\n", to: dir.path + "/a.style")
        try write("x\n", to: dir.path + "/b.style")
        var options = PluginRegistry.Options(scanner: TestPaths.cli, cacheFolder: cache.path)
        options.deadline = 1
        let c = PluginRegistry(directories: [SearchDirectory(dir.path, .option)], options: options) { _ in }
        let statuses = c.entries.map(\.status)
        switch variant {
        case "ERROR_GARBAGE":
            #expect(c.styles.compactMap(\.descriptor?.id) == ["test.data.a"])
            let reason = try #require(statuses.compactMap { if case let .rejected(why) = $0 { why } else { nil } }.first)
            #expect(reason.utf8.count <= 512 && reason.hasPrefix("bad"))
            #expect(!reason.hasControlCharacters)
        case "ERROR_CRASH":
            #expect(statuses == [.quarantined("crashed the scanner with SIGSEGV in style_error()")])
        case "PATHS_HANG":
            #expect(statuses.count == 1 && statuses[0].reason?.contains("in data_paths()") == true, "\(statuses)")
        case "PATHS_GARBAGE":
            #expect(c.styles.compactMap(\.descriptor?.id) == ["test.data.a"])
            // Only the one absolute, short, clean path is kept: the folder.
            let again = PluginRegistry(directories: [SearchDirectory(dir.path, .option)], options: options) { _ in }
            #expect(again.cachedCount == 1)
        default:
            #expect(statuses.contains(.rejected("style 0: source \"relative/file.style\" is not an absolute path")), "\(statuses)")
        }
    }
}
