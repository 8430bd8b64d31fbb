import Foundation
import RefreshDiscovery
import RefreshPluginRuntime
import RefreshPluginSearch
import RefreshTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A warm `list --json` writes the bytes it kept (CatalogOutputCache) only
/// while nothing it was rendered from changed: every change on the path is
/// seen by the next command, and a damaged cache file is only a miss.
@Suite struct CatalogOutputCacheTests {
    let home = TemporaryDirectory(), dir = TemporaryDirectory(), pool = TemporaryDirectory()

    func search(_ paths: [String]) -> PluginSearch {
        var search = PluginSearch(pluginPaths: paths, environment: ["HOME": home.path, "XDG_CACHE_HOME": home.path + "/cache"])
        search.scanner = TestPaths.cli
        return search
    }

    /// The catalog as a command would print it, and whether it came from the output cache.
    func listing(_ paths: [String]) throws -> (text: String, kept: Bool) {
        var rendered = false
        var bytes: [UInt8] = []
        try search(paths).writeCatalog("test-list", render: { registry in
            rendered = true
            return Array(Self.render(registry).utf8)
        }, to: { bytes += $0 })
        return (String(decoding: bytes, as: UTF8.self), !rendered)
    }

    /// What the registry says now, without the output cache.
    func truth(_ paths: [String]) throws -> String { Self.render(try search(paths).registry()) }

    static func render(_ registry: PluginRegistry) -> String {
        registry.entries.map { "\($0.file) \($0.status.word) \($0.descriptor?.id ?? "-") \($0.descriptor?.name ?? "-")\n" }.joined()
    }

    var cacheFile: String { home.path + "/cache/refresh-host/test-list.cache" }

    /// Past RegistryCache.recentWindow: files changed before this are trusted by their identity alone.
    func waitPastRecentWindow() { usleep(UInt32(RegistryCache.recentWindow / 1000) + 200_000) }

    func plugin(_ name: String, id: String) throws -> String {
        try Fixture.build("valid_minimal", into: pool.path, output: name, extraFlags: ["-DFIXTURE_ID=\"\(id)\""])
    }

    func place(_ built: String, as name: String) throws {
        let target = dir.path + "/" + name
        unlink(target)
        try FileManager.default.copyItem(atPath: built, toPath: target)
    }

    @Test("kept once the registry answered from its cache alone, written again while nothing changed, never after a change")
    func keptUntilAnythingChanges() throws {
        defer { home.remove(); dir.remove(); pool.remove() }
        let a = try plugin("a", id: "test.kept.a"), b = try plugin("b", id: "test.kept.b"), c = try plugin("c", id: "test.kept.c")
        try place(a, as: "liba.so")
        try place(b, as: "libb.so")
        waitPastRecentWindow()
        let paths = [dir.path]

        // The first run scans (it writes the registry cache), the second is the registry's alone: that one is kept.
        #expect(try listing(paths).kept == false)
        let second = try listing(paths)
        #expect(second.kept == false)
        #expect(access(cacheFile, F_OK) == 0)
        let third = try listing(paths)
        #expect(third.kept == true)
        #expect(third.text == second.text)
        #expect(third.text == (try truth(paths)))
        #expect(third.text.contains("test.kept.a") && third.text.contains("test.kept.b"))

        // A file removed: seen at once, and the new listing kept in turn.
        unlink(dir.path + "/libb.so")
        let removed = try listing(paths)
        #expect(removed.kept == false)
        #expect(!removed.text.contains("test.kept.b"))
        #expect(removed.text == (try truth(paths)))
        #expect(try listing(paths) == (removed.text, true))

        // A file replaced by another: seen at once, and not kept while it is recent.
        try place(c, as: "liba.so")
        let replaced = try listing(paths)
        #expect(replaced.kept == false)
        #expect(replaced.text.contains("test.kept.c") && !replaced.text.contains("test.kept.a"))
        #expect(try listing(paths).kept == false)

        // A file added: seen at once.
        try place(a, as: "libz.so")
        let added = try listing(paths)
        #expect(added.kept == false)
        #expect(added.text.contains("test.kept.a"))
        #expect(added.text == (try truth(paths)))

        // Once the window has passed, kept again; then the registry cache rewritten by another command is a miss.
        waitPastRecentWindow()
        _ = try listing(paths)
        _ = try listing(paths)
        #expect(try listing(paths).kept == true)
        // The same records in a new file renamed over it, as every writer does.
        let registry = home.path + "/cache/refresh-host/registry.cache"
        try FileManager.default.copyItem(atPath: registry, toPath: registry + ".copy")
        #expect(rename(registry + ".copy", registry) == 0)
        #expect(try listing(paths).kept == false)
        // A chmod moves only the ctime: a miss too.
        #expect(try listing(paths).kept == true)
        chmod(dir.path + "/libz.so", 0o700)
        let chmodded = try listing(paths)
        #expect(chmodded.kept == false)
        #expect(chmodded.text == (try truth(paths)))
    }

    @Test("a damaged or cut cache file is only a miss: the listing is rendered again, right, and kept again")
    func damagedFile() throws {
        defer { home.remove(); dir.remove(); pool.remove() }
        try place(try plugin("a", id: "test.damaged.a"), as: "liba.so")
        waitPastRecentWindow()
        let paths = [dir.path]
        _ = try listing(paths)
        let good = try listing(paths).text
        #expect(try listing(paths) == (good, true))
        let bytes = try #require(FileManager.default.contents(atPath: cacheFile))

        let damaged: [(String, Data)] = [
            ("empty", Data()),
            ("a byte of the head changed", { var d = bytes; d[40] ^= 0x01; return d }()),
            ("the output cut short", bytes.dropLast(10)),
            ("a byte too many", bytes + Data([0x20])),
            ("another file", Data("refresh-host registry cache\n".utf8)),
        ]
        for (what, content) in damaged {
            try content.write(to: URL(fileURLWithPath: cacheFile))
            let again = try listing(paths)
            #expect(again == (good, false), "\(what)")
            #expect(try listing(paths) == (good, true), "\(what): kept again")
        }
    }

    @Test("files changed within the recent window are never kept; --rescan always renders")
    func recentAndRescan() throws {
        defer { home.remove(); dir.remove(); pool.remove() }
        try place(try plugin("a", id: "test.recent.a"), as: "liba.so")
        let paths = [dir.path]
        _ = try listing(paths)
        #expect(try listing(paths).kept == false)
        #expect(access(cacheFile, F_OK) != 0)
        waitPastRecentWindow()
        _ = try listing(paths)
        _ = try listing(paths)
        #expect(try listing(paths).kept == true)
        var rescan = search(paths)
        rescan.rescan = true
        var rendered = false
        try rescan.writeCatalog("test-list", render: { _ in rendered = true; return [] }, to: { _ in })
        #expect(rendered)
    }

    @Test("the walk lists a file reached twice once: two folders on the path, one inside the other, and a link")
    func walkKeepsEachFileOnce() throws {
        defer { home.remove(); dir.remove(); pool.remove() }
        try FileManager.default.createDirectory(atPath: dir.path + "/Style", withIntermediateDirectories: true)
        let built = try plugin("a", id: "test.once.a")
        try FileManager.default.copyItem(atPath: built, toPath: dir.path + "/Style/libstyle.so")
        try FileManager.default.copyItem(atPath: built, toPath: dir.path + "/libflat.so")
        symlink(dir.path + "/libflat.so", pool.path + "/liblink.so")
        let walk = PathWalk(directories: [SearchDirectory(dir.path, .option), SearchDirectory(dir.path + "/Style", .option),
                                          SearchDirectory(pool.path + "/liblink.so", .option)])
        let files: [String] = walk.items.map {
            switch $0 {
            case let .located(file, _): file.resolved
            case let .refused(file, _, _): file
            }
        }
        #expect(files == [dir.path + "/Style/libstyle.so", dir.path + "/libflat.so"])
        // The same folders without the overlap and the link: nothing to drop.
        let plain = PathWalk(directories: [SearchDirectory(dir.path, .option)])
        #expect(plain.items.count == 2)
    }
}
