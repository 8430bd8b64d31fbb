import Foundation
import RefreshScaffold
import RefreshTestSupport
import Testing

/// `DotLottieArchive`, the Swift side's reading of a .lottie for `new
/// --animation` and `info` (the adapter reads the rest): the manifest's ids
/// of an archive built by Tests/Fixtures/dotlottie/make_archive.py, the
/// rewritten archive read back with the chosen animation first, and bytes cut
/// short or changed anywhere are refused as a ScaffoldError, never a crash.
@Suite struct DotLottieArchiveTests {
    func archive() throws -> [UInt8] {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let out = dir.path + "/two.lottie"
        let r = try runProcess("/usr/bin/python3", [TestPaths.fixtures + "/dotlottie/make_archive.py", "two",
                                                    TestPaths.fixtures + "/lottie/frames.json",
                                                    TestPaths.fixtures + "/frames/outside.png", out])
        try #require(r.status == 0, "\(r.stderr)")
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
    }

    @Test("the manifest's ids in order; the archive rewritten with another first reads back so, twice over")
    func chooses() throws {
        let bytes = try archive()
        let two = try DotLottieArchive(bytes: bytes, path: "two.lottie")
        #expect(two.animationIDs == ["spinner", "other"])
        let chosen = try DotLottieArchive(bytes: two.choosing("other"), path: "x.lottie")
        #expect(chosen.animationIDs == ["other", "spinner"])
        #expect(try DotLottieArchive(bytes: chosen.choosing("spinner"), path: "y.lottie").animationIDs == ["spinner", "other"])
        #expect(Bool(two.choosing("other") == two.choosing("other")), "the same bytes every time")
    }

    @Test("every prefix and every byte changed: refused or read, never a crash")
    func hostileBytes() throws {
        let bytes = try archive()
        var refused = 0
        for n in 0..<bytes.count where (try? DotLottieArchive(bytes: Array(bytes[..<n]), path: "cut.lottie")) == nil {
            refused += 1
        }
        #expect(refused == bytes.count, "a cut archive has no end record")
        for i in bytes.indices {
            var changed = bytes
            changed[i] ^= 0xA5
            _ = (try? DotLottieArchive(bytes: changed, path: "changed.lottie"))?.animationIDs
        }
        do {
            _ = try DotLottieArchive(bytes: Array("not a zip".utf8), path: "text.lottie")
            Issue.record("text read as an archive")
        } catch {
            #expect(error.description == "--from text.lottie: not a dotLottie archive (a zip): no end of central directory")
        }
    }
}
