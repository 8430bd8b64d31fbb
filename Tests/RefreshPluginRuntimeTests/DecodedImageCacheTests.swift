import Foundation
@testable import RefreshPluginRuntime
import RefreshLayers
import RefreshTestSupport
import Testing
import RefreshDiscovery

/// image_load's process-wide cache of decoded assets: shared by instances,
/// keyed on the file's identity, bounded in bytes, least recently used out.
@Suite(.serialized) struct DecodedImageCacheTests {
    static func image(_ side: Int, _ value: UInt8) -> RasterImage {
        RasterImage(serial: RasterImage.nextSerial(), width: side, height: side,
                    pixels: [UInt8](repeating: value, count: side * side * 4))
    }

    /// A time far enough after every file the test wrote that none is recent.
    static var later: Int64 { DecodedImages.now() + DecodedImages.recentWindow + 1 }

    @Test("two instances of a style share one decode of an asset; both show the same pixels under their own handles")
    func sharedBetweenInstances() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugins = try ImageAssetTests.makeFolder(dir)
        // Past the recent window, so the decode is kept.
        usleep(150_000)
        DecodedImages.shared.removeAll()
        let a = try Session("test.fixture.img_assets", directories: [SearchDirectory(plugins, .option)])
        defer { a.close() }
        let afterFirst = DecodedImages.shared.statistics
        #expect(afterFirst.count >= 1)
        let b = try Session("test.fixture.img_assets", directories: [SearchDirectory(plugins, .option)])
        defer { b.close() }
        let afterSecond = DecodedImages.shared.statistics
        // The second instance found what the first decoded, and decoded nothing new to keep.
        #expect(afterSecond.hits > afterFirst.hits)
        #expect(afterSecond.count == afterFirst.count)
        // Each shows ok.png's pixels, under an image of its own.
        let shownA = a.snapshot().compactMap(\.image), shownB = b.snapshot().compactMap(\.image)
        #expect(!shownA.isEmpty && shownA == shownB)
        #expect(Set(shownA.map(\.serial)).isDisjoint(with: shownB.map(\.serial)))
        #expect(shownA.first?.pixels.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) } == ImageAssetTests.okPixels)
    }

    @Test("a changed file is decoded again; its old version's entry goes")
    func changedFile() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.path + "/a.png"
        _ = FileManager.default.createFile(atPath: path, contents: Data([1]))
        let cache = DecodedImages(capacity: 1 << 20)
        let key = try #require(cache.lookup(path).key)
        cache.store(Self.image(4, 1), for: key, now: Self.later)
        #expect(cache.lookup(path).image != nil)
        _ = FileManager.default.createFile(atPath: path + ".new", contents: Data([2, 2]))
        rename(path + ".new", path)
        let changed = cache.lookup(path)
        #expect(changed.image == nil)
        cache.store(Self.image(4, 2), for: try #require(changed.key), now: Self.later)
        #expect(cache.statistics.count == 1)
        #expect(cache.lookup(path).image?.pixels.first == 2)
    }

    @Test("a file changed within the recent window is not kept: a second write in the same clock tick would keep its identity")
    func recentNotKept() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.path + "/a.png"
        _ = FileManager.default.createFile(atPath: path, contents: Data([1]))
        let cache = DecodedImages(capacity: 1 << 20)
        cache.store(Self.image(4, 1), for: try #require(cache.lookup(path).key))
        #expect(cache.lookup(path).image == nil)
    }

    @Test("bounded in bytes: past the capacity the least recently used go, and an image over it is never kept")
    func leastRecentlyUsed() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let side = 16, bytes = 16 * 16 * 4
        let cache = DecodedImages(capacity: 3 * bytes)
        let paths = (0..<4).map { dir.path + "/\($0).png" }
        for (n, path) in paths.enumerated() {
            _ = FileManager.default.createFile(atPath: path, contents: Data([UInt8(n)]))
        }
        for (n, path) in paths.prefix(3).enumerated() {
            cache.store(Self.image(side, UInt8(n)), for: try #require(cache.lookup(path).key), now: Self.later)
        }
        #expect(cache.statistics.bytes == 3 * bytes)
        _ = cache.lookup(paths[0])  // 0 is now more recent than 1
        cache.store(Self.image(side, 3), for: try #require(cache.lookup(paths[3]).key), now: Self.later)
        #expect(cache.statistics.bytes == 3 * bytes)
        #expect(cache.lookup(paths[1]).image == nil)
        #expect(cache.lookup(paths[0]).image != nil && cache.lookup(paths[2]).image != nil && cache.lookup(paths[3]).image != nil)
        cache.store(Self.image(32, 9), for: try #require(cache.lookup(paths[1]).key), now: Self.later)
        #expect(cache.lookup(paths[1]).image == nil)
    }
}
