import Foundation
import RefreshDiscovery
import RefreshPluginRuntime
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// When the registry cache trusts a record: never for a file that changed,
/// even when the change kept the inode, the size and the mtime.
@Suite struct RegistryCacheTrustTests {
    func catalog(_ dir: String, cache: String) -> PluginRegistry {
        PluginRegistry(directories: [SearchDirectory(dir, .option)],
                       options: PluginRegistry.Options(scanner: TestPaths.cli, cacheFolder: cache))
    }

    /// Two builds of one fixture with ids of one length: the same size.
    func variants(in dir: String) throws -> [Data] {
        try ["test.trust.a", "test.trust.b"].enumerated().map { n, id in
            let built = try Fixture.build("valid_minimal", into: dir, output: "variant\(n)", extraFlags: ["-DFIXTURE_ID=\"\(id)\""])
            return try Data(contentsOf: URL(fileURLWithPath: built))
        }
    }

    @Test("a plugin rewritten in place, same size, its mtime set back (cp -p, rsync): the ctime tells, and it is scanned again")
    func mtimeSetBack() throws {
        let pool = TemporaryDirectory(), dir = TemporaryDirectory(), cache = TemporaryDirectory()
        defer { pool.remove(); dir.remove(); cache.remove() }
        let v = try variants(in: pool.path)
        #expect(v[0].count == v[1].count)
        let file = dir.path + "/libstyle.so"
        try v[0].write(to: URL(fileURLWithPath: file))
        #expect(catalog(dir.path, cache: cache.path).entries.first?.descriptor?.id == "test.trust.a")
        let before = try #require(FileIdentity.of(file))
        // The record as it is once the file is older than the recent window: no digest, the identity alone.
        let writer = RegistryCache(folder: cache.path, scanner: TestPaths.cli)
        var record = try #require(try writer.read().get()[file])
        record.digest = nil
        #expect(writer.merge([file: record]))
        #expect(catalog(dir.path, cache: cache.path).scannedCount == 0)
        usleep(20_000)  // past the clock's tick, so the ctime moves
        let fd = open(file, O_WRONLY | O_TRUNC)
        _ = v[1].withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
        var times = [timespec(tv_sec: Int(before.mtimeSeconds), tv_nsec: Int(before.mtimeNanoseconds)),
                     timespec(tv_sec: Int(before.mtimeSeconds), tv_nsec: Int(before.mtimeNanoseconds))]
        futimens(fd, &times)
        close(fd)
        let after = try #require(FileIdentity.of(file))
        #expect(after.inode == before.inode && after.size == before.size && after.mtimeNanoseconds == before.mtimeNanoseconds)
        let again = catalog(dir.path, cache: cache.path)
        #expect(again.scannedCount == 1)
        #expect(again.entries.first?.descriptor?.id == "test.trust.b")
    }

    @Test("a file changed just before it was stat'ed gets a digest, and its record holds only while the content matches it")
    func recentFileDigest() throws {
        let pool = TemporaryDirectory(), dir = TemporaryDirectory(), cache = TemporaryDirectory()
        defer { pool.remove(); dir.remove(); cache.remove() }
        let v = try variants(in: pool.path)
        let file = dir.path + "/libstyle.so"
        try v[0].write(to: URL(fileURLWithPath: file))
        let identity = try #require(FileIdentity.of(file))
        #expect(RegistryCache.isRecent(identity, now: RegistryCache.now()))
        #expect(!RegistryCache.isRecent(identity, now: RegistryCache.now() + RegistryCache.recentWindow + 1))
        _ = catalog(dir.path, cache: cache.path)
        let writer = RegistryCache(folder: cache.path, scanner: TestPaths.cli)
        var record = try #require(try writer.read().get()[file])
        #expect(record.digest == RegistryCache.digest(of: file))
        #expect(record.holds(for: file, identity: identity))
        let warm = catalog(dir.path, cache: cache.path)
        #expect(warm.scannedCount == 0)

        // What a second write in the same tick would leave: the same identity, other content.
        record.digest = RegistryCache.digest(of: pool.path + "/libvariant1.so")
        #expect(!record.holds(for: file, identity: identity))
        #expect(writer.merge([file: record]))
        let rescanned = catalog(dir.path, cache: cache.path)
        #expect(rescanned.scannedCount == 1)
        #expect(rescanned.entries.first?.descriptor?.id == "test.trust.a")
    }

    @Test("an update about a version of a file replaced since does not displace the record of the file as it is")
    func staleUpdate() throws {
        let dir = TemporaryDirectory(), cache = TemporaryDirectory()
        defer { dir.remove(); cache.remove() }
        let file = dir.path + "/libstyle.so"
        try Data([1]).write(to: URL(fileURLWithPath: file))
        let old = try #require(FileIdentity.of(file))
        try Data([2, 2]).write(to: URL(fileURLWithPath: file + ".new"))
        rename(file + ".new", file)
        let current = try #require(FileIdentity.of(file))
        let writer = RegistryCache(folder: cache.path, scanner: TestPaths.cli)
        let good = RegistryCache.Record(path: file, identity: current, outcome: .rejected("the new one"))
        #expect(writer.merge([file: good]))
        // A slower command that stat'ed the old version finishes last.
        #expect(writer.merge([file: RegistryCache.Record(path: file, identity: old, outcome: .rejected("the old one"))]))
        #expect(try writer.read().get()[file] == good)
    }
}
