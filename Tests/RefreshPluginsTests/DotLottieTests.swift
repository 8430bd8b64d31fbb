import Foundation
import Testing

/// dotLottie archives (.lottie) through the real CLI: version 1 and 2 layouts
/// built by the test (Tests/Fixtures/dotlottie/make_archive.py, from frames.json
/// and a PNG) become styles and draw the animation's frames and the archive's
/// image; hostile archives
/// are refused with one line each, and nothing is written anywhere.
@Suite struct DotLottieTests {
    typealias Designs = LottieTests.Designs
    static let maker = TestPaths.fixtures + "/dotlottie/make_archive.py"

    /// Builds the archive `kind` as `folder/NAME.lottie`.
    static func archive(_ kind: String, in folder: String, name: String? = nil) throws -> String {
        let out = folder + "/" + (name ?? kind) + ".lottie"
        let r = try runProcess("/usr/bin/python3", [maker, kind, LottieTests.fixtures + "/frames.json",
                                                    TestPaths.fixtures + "/frames/outside.png", out])
        try #require(r.status == 0, "\(kind): \(r.stderr)")
        return out
    }

    @Test("a version 1 and a version 2 archive each become a style that draws the manifest's animation", arguments: ["v1", "v2"])
    func layouts(_ kind: String) throws {
        let d = try Designs([])
        defer { d.dir.remove() }
        _ = try Self.archive(kind, in: d.styles)
        let list = try d.cli(["list", "--color", "never"])
        #expect(list.stdout.contains("test.frames "), "\(list.stdout)")
        // The frame shown at the first cycle is the loop's (frames 30-59), as for frames.json itself.
        let png = try d.render("test.frames", ["--at", "cycle:1"])
        let shown = LottieTests().frame(png)
        #expect(shown.map { (30...60).contains($0) } == true, "\(String(describing: shown))")
        // The archive's image (a red 32x32 PNG in images/ or i/) is embedded and drawn at the top-left.
        let red = png.pixels.filter { ($0 >> 16) & 0xFF >= 0xF8 && ($0 >> 8) & 0xFF <= 4 && $0 & 0xFF <= 4 }.count
        #expect(red > 1000, "\(red) red pixels")
        // new --from copies the archive into a style folder, which renders where it is.
        let folder = d.dir.path + "/Spinner"
        let made = try d.cli(["new", "Spinner", "--from", d.styles + "/\(kind).lottie", "--dir", folder])
        #expect(made.status == 0 && FileManager.default.fileExists(atPath: folder + "/spinner.lottie"), "\(made.stderr)")
        // The archive's animation names its style (a refreshHost object inside it): new says the id the
        // adapter reads from the new folder, and the README says where an archive's id comes from.
        #expect(made.stdout.contains("(from a dotLottie archive, id test.frames)"), "\(made.stdout)")
        let readme = try String(contentsOfFile: folder + "/README.md", encoding: .utf8)
        #expect(readme.contains("else `lottie.spinner` from the archive's file name; `refresh-host info .` shows it)"), "\(readme)")
        #expect(readme.contains("refresh-host render ID --out spinner.gif") && !readme.contains("com.example"), "\(readme)")
        let out = d.dir.path + "/spinner.png"
        let r = try d.cli(["render", folder + "/spinner.lottie", "--out", out])
        #expect(r.status == 0 && FileManager.default.fileExists(atPath: out), "\(r.stderr)")
    }

    @Test("hostile archives are refused with one line each and nothing is written outside the style's folder")
    func hostile() throws {
        let d = try Designs([])
        defer { d.dir.remove() }
        let expected = [
            "bomb": "the archive's entry \"animations/zeros.json\" is 20.0 MiB inflated; an entry may be at most 8 MiB",
            "ratio": "the archive's entry \"animations/zeros.json\" inflates 1025 times (a zip bomb?)",
            "liar": "the archive's entry \"animations/spinner.json\" inflates past the 100 bytes it declares",
            "huge": "not a dotLottie archive (a zip)",
            "dotdot": "the archive's entry \"../escape.json\" climbs out of the archive (\"..\")",
            "absolute": "the archive's entry \"/scape.json\" is an absolute path",
            "symlink": "the archive's entry \"animations/link.json\" is a symbolic link",
            "missing": "the archive's manifest names the animation \"spinner\", which is not in it",
            "truncated": "not a dotLottie archive (a zip)",
            "noimage": "layer \"badge\" shows the image \"/images/other.png\", a separate file",
        ]
        for kind in expected.keys { _ = try Self.archive(kind, in: d.styles) }
        try Data("not a zip at all".utf8).write(to: URL(fileURLWithPath: d.styles + "/text.lottie"))
        let before = try FileManager.default.subpathsOfDirectory(atPath: d.dir.path).sorted()
        let list = try d.cli(["list", "--color", "never"])
        #expect(list.status == 0, "\(list.stderr)")
        let lines = list.stdout.split(separator: "\n").map(String.init)
        for (kind, phrase) in expected {
            let line = lines.first { $0.contains("rejected: \(kind).lottie: ") }
            #expect(line?.contains(phrase) == true, "\(kind): \(line ?? "no line")")
        }
        #expect(lines.contains { $0.contains("rejected: text.lottie: not a dotLottie archive (a zip): Not a zip archive") }, "\(list.stdout)")
        // Read in memory: no entry was written anywhere (the cache and home are the CLI's own).
        let after = try FileManager.default.subpathsOfDirectory(atPath: d.dir.path).sorted()
        let new = Set(after).subtracting(before).filter { !$0.hasPrefix("cache") && !$0.hasPrefix("home") }
        #expect(new.isEmpty, "\(new)")
        #expect(!FileManager.default.fileExists(atPath: d.dir.path + "/data/refresh-host/escape.json"))
        #expect(!FileManager.default.fileExists(atPath: "/scape.json"))
        // Given directly, a hostile archive is one line naming it.
        let info = try d.cli(["info", d.styles + "/dotdot.lottie"])
        #expect(info.status != 0 && info.stderr.split(separator: "\n").count == 1 && info.stderr.contains("dotdot.lottie: the archive's entry"),
                "\(info.stderr)")
    }
}
