import Foundation
import RefreshDiscovery
import Testing

/// The registry cache fuzz target's committed seed (Tests/Fuzz/registry-cache/corpus) is a cache
/// of the current format that the harness's reader trusts: a stale one would only ever fuzz the header.
@Suite struct CacheSeedTests {
    @Test("the fuzz seed is a whole cache of this format, with loaded, refused and quarantined records")
    func seedReads() throws {
        let cache = TemporaryDirectory()
        defer { cache.remove() }
        let seed = TestPaths.repository + "/Tests/Fuzz/registry-cache/corpus/registry.cache"
        try FileManager.default.copyItem(atPath: seed, toPath: cache.path + "/registry.cache")
        // As RegistryCacheFuzz reads it: no scanner binary, so the header's host says "scanner ?".
        let records = try RegistryCache(folder: cache.path, scanner: "/nonexistent/refresh-host").read().get()
        let outcomes = records.values.map(\.outcome)
        #expect(outcomes.contains { if case .loaded = $0 { true } else { false } })
        #expect(outcomes.contains { if case .refused = $0 { true } else { false } })
        #expect(outcomes.contains { if case .quarantined = $0 { true } else { false } })
    }
}
