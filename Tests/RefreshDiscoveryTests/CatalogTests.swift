import Foundation
import RefreshDiscovery
import RefreshHostController
import RefreshPluginRuntime
import Testing

/// The catalog: plugins learned from scanner children and the registry
/// cache, never loaded into the process that asks.
@Suite struct CatalogTests {
    /// A catalog of `directories` that scans with the built CLI and caches in `cache`.
    func catalog(_ directories: [SearchDirectory], cache: String?, deadline: Double = 2, rescan: Bool = false,
                 warnings: WarningLog? = nil) -> PluginRegistry {
        var options = PluginRegistry.Options(scanner: TestPaths.cli, cacheFolder: cache)
        options.deadline = deadline
        options.rescan = rescan
        return PluginRegistry(directories: directories, options: options) { warnings?.lines.append($0) }
    }

    final class WarningLog { var lines: [String] = [] }

    @Test("the catalog lists what the registry lists, shadowing included, and looks names up the same way")
    func sameAsRegistry() throws {
        let dir = TemporaryDirectory()
        let cache = TemporaryDirectory()
        defer { dir.remove(); cache.remove() }
        _ = try Fixture.build("valid_minimal", into: dir.path, output: "myyelp", extraFlags: ["-DFIXTURE_ID=\"com.refreshhost.yelp\""])
        _ = try Fixture.build("two_styles", into: dir.path)
        _ = try Fixture.build("abi_major", into: dir.path)
        let directories = [SearchDirectory(dir.path, .option)] + TestPaths.bundledDirectories()
        let loaded = LoadedPlugins(directories: directories)
        defer { loaded.close() }
        let registry = loaded.registry
        let cold = catalog(directories, cache: cache.path)
        #expect(cold.entries == registry.entries)
        #expect(cold.scannedCount == 3 + TestPaths.bundledLibraryCount && cold.cachedCount == 0)
        let warm = catalog(directories, cache: cache.path)
        #expect(warm.entries == registry.entries)
        #expect(warm.scannedCount == 0 && warm.cachedCount == 3 + TestPaths.bundledLibraryCount)
        for name in ["yelp", "alpha", "com.refreshhost.yahoo", "Yik Yak"] {
            #expect(try warm.lookup(name) == registry.lookup(name))
        }
        #expect(throws: LookupError.self) { try warm.lookup("compass") }
    }

    @Test("a constructor that aborts is quarantined, naming the constructors; it stays so without a rescan until it changes")
    func constructorCrash() throws {
        let dir = TemporaryDirectory()
        let cache = TemporaryDirectory()
        defer { dir.remove(); cache.remove() }
        let path = try Fixture.build("ctor_abort", into: dir.path)
        _ = try Fixture.build("valid_minimal", into: dir.path)
        let directories = [SearchDirectory(dir.path, .option)]
        let first = catalog(directories, cache: cache.path)
        let quarantined = PluginStatus.quarantined("crashed the scanner with SIGABRT in the library's constructors")
        #expect(first.entries.map(\.status) == [quarantined, .loaded])
        #expect(first.entries[0].file == path)
        #expect(first.scannedCount == 2)

        let second = catalog(directories, cache: cache.path)
        #expect(second.entries.map(\.status) == [quarantined, .loaded])
        #expect(second.scannedCount == 0)

        // A new version (here: a new mtime) is scanned again; so is everything with --rescan.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: path)
        let touched = catalog(directories, cache: cache.path)
        #expect(touched.scannedCount == 1)
        #expect(touched.entries.first?.status == quarantined)
        let rescanned = catalog(directories, cache: cache.path, rescan: true)
        #expect(rescanned.scannedCount == 2)
    }

    @Test("a descriptor function that never returns is quarantined at the deadline, naming style_descriptor()")
    func descriptorHang() throws {
        let dir = TemporaryDirectory()
        let cache = TemporaryDirectory()
        defer { dir.remove(); cache.remove() }
        _ = try Fixture.build("descriptor_hang", into: dir.path)
        let directories = [SearchDirectory(dir.path, .option)]
        let started = Date()
        let cold = catalog(directories, cache: cache.path, deadline: 0.5)
        #expect(cold.entries.map(\.status) == [.quarantined("hung the scanner: no answer within 0.5 s (in style_descriptor())")])
        #expect(Date().timeIntervalSince(started) < 10)
        // Warm: answered from the cache; a generous deadline would show if it were waited for again.
        let warmStart = Date()
        let warm = catalog(directories, cache: cache.path, deadline: 30)
        #expect(warm.scannedCount == 0)
        #expect(warm.entries.map(\.status) == cold.entries.map(\.status))
        #expect(Date().timeIntervalSince(warmStart) < 10)
    }

    @Test("files the gate refuses never reach a scanner")
    func refusedNotScanned() throws {
        let dir = TemporaryDirectory()
        let cache = TemporaryDirectory()
        defer { dir.remove(); cache.remove() }
        let source = try Data(contentsOf: URL(fileURLWithPath: TestPaths.bundledPlugin("libYahooStyle.so")))
        try source.prefix(3000).write(to: URL(fileURLWithPath: dir.path + "/truncated.so"))
        #expect(mkfifo(dir.path + "/x.so", 0o644) == 0)
        let c = catalog([SearchDirectory(dir.path, .option)], cache: cache.path)
        #expect(c.scannedCount == 0)
        #expect(c.entries.count == 2)
        #expect(c.entries[0].status.reason?.hasPrefix("truncated: 3000 bytes, its headers need ") == true)
        #expect(c.entries[1].status == .refused("a FIFO (named pipe), not a regular file"))
    }

    @Test("the cache keeps every field list, info and gallery show, exactly; another host's cache is not trusted")
    func cacheRoundTrip() throws {
        let cache = TemporaryDirectory()
        defer { cache.remove() }
        let file = cache.path + "/stand-in.so"
        try Data([1]).write(to: URL(fileURLWithPath: file))
        let identity = try #require(FileIdentity.of(file))
        var spring = StyleDescriptor(
            id: "org.example.spring", name: "Spring \\ back", version: "2.0", vendor: nil,
            summary: "two\nlines", tags: ["a=b", ""],
            metrics: StyleMetrics(height: 61.25, cycleDuration: 0.1 + 0.2, cycleDelay: 1e-9,
                                  cycleCurve: .spring(damping: 0.35, initialVelocity: -2.5), presentation: .background,
                                  anchor: .bottom))
        // What a designer's file does not draw (refresh_host_ext.h's RH_TAG_UNSUPPORTED lines).
        spring.unsupported = ["layer \"label\" (frames 0-60): a text layer is skipped: the text is not drawn"]
        let records = [
            file: RegistryCache.Record(path: file, identity: identity, outcome: .loaded(
                abi: ABIVersion(major: 1, minor: 0, patch: 3),
                styles: [.descriptor(spring), .rejected("style 1: id \"x\" is not reverse-DNS")])),
        ]
        let writer = RegistryCache(folder: cache.path, scanner: TestPaths.cli)
        #expect(writer.merge(records))
        #expect(try writer.read().get() == records)
        // Another scanner binary (another build of the host): quietly absent.
        let other = RegistryCache(folder: cache.path, scanner: TestPaths.bundledPlugin("libYahooStyle.so"))
        #expect(other.read() == .failure(.absent))
    }

    @Test("a damaged cache is reported once, in one line, and rebuilt")
    func corruptCache() throws {
        let dir = TemporaryDirectory()
        let cache = TemporaryDirectory()
        defer { dir.remove(); cache.remove() }
        _ = try Fixture.build("valid_minimal", into: dir.path)
        let directories = [SearchDirectory(dir.path, .option)]
        let first = catalog(directories, cache: cache.path)
        let file = try #require(first.cacheFile)
        let whole = try Data(contentsOf: URL(fileURLWithPath: file))
        for damage in [whole.prefix(whole.count / 2), Data("garbage\n".utf8),
                       Data(String(decoding: whole, as: UTF8.self).replacingOccurrences(of: "Fixture", with: "Fixturf").utf8)] {
            try damage.write(to: URL(fileURLWithPath: file))
            let warnings = WarningLog()
            let rebuilt = catalog(directories, cache: cache.path, warnings: warnings)
            #expect(warnings.lines.count == 1)
            #expect(warnings.lines.first?.hasPrefix("refresh-host: warning: \(file): unreadable registry cache (") == true)
            #expect(warnings.lines.first?.hasSuffix("); rebuilding") == true)
            #expect(rebuilt.entries == first.entries)
            let again = WarningLog()
            let warm = catalog(directories, cache: cache.path, warnings: again)
            #expect(again.lines.isEmpty)
            #expect(warm.scannedCount == 0)
        }
    }

    @Test("records of files that are gone, and leftover temporary files, are dropped when the cache is written")
    func staleDropped() throws {
        let a = TemporaryDirectory()
        let b = TemporaryDirectory()
        let cache = TemporaryDirectory()
        defer { a.remove(); b.remove(); cache.remove() }
        let gone = try Fixture.build("valid_minimal", into: a.path)
        _ = try Fixture.build("two_styles", into: b.path)
        _ = catalog([SearchDirectory(a.path, .option)], cache: cache.path)
        let writer = RegistryCache(folder: cache.path, scanner: TestPaths.cli)
        #expect(try writer.read().get().keys.contains(gone))
        a.remove()
        // What a writer killed between its write and its rename left behind goes too.
        let leftover = cache.path + "/registry.cache.99999.tmp"
        #expect(FileManager.default.createFile(atPath: leftover, contents: Data("half".utf8)))
        _ = catalog([SearchDirectory(b.path, .option)], cache: cache.path)
        let keys = try writer.read().get().keys
        #expect(!keys.contains(gone))
        #expect(keys.count == 1)
        #expect(!FileManager.default.fileExists(atPath: leftover))
    }
}
