import Foundation
import Testing

/// Designers' files looked at before they are installed, through the real CLI:
/// a style folder from `new --from`, a folder of such folders on --plugin-path,
/// or a Lottie file given directly as the style of info, render, run and validate.
@Suite struct LottiePreviewTests {
    typealias Designs = LottieTests.Designs

    @Test("new --from with no NAME names the style from the file; the folder renders, runs and validates where it is, never installed")
    func previewFolder() throws {
        let d = try Designs([])
        defer { d.dir.remove() }
        let source = d.dir.path + "/isometric-plane.json"
        try FileManager.default.copyItem(atPath: LottieTests.fixtures + "/nomarkers.json", toPath: source)
        let made = try d.cli(["new", "--from", source, "--dir", d.dir.path + "/Plane"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("Name IsometricPlane (shown as \"Isometric Plane\") and id com.example.isometric-plane"), "\(made.stdout)")
        let folder = d.dir.path + "/Plane"
        #expect(FileManager.default.fileExists(atPath: folder + "/isometricplane.json"))

        let info = try d.cli(["info", folder])
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stdout.contains("com.example.isometric-plane") && info.stdout.contains("Isometric Plane"), "\(info.stdout)")
        // Where it was found: the folder named here, not the bundled adapter's folder.
        #expect(info.stdout.contains("found in          a preview, not installed (its adapter: bundled)"), "\(info.stdout)")
        let png = d.dir.path + "/plane.png"
        let render = try d.cli(["render", folder, "--out", png, "--at", "cycle:1"])
        #expect(render.status == 0 && FileManager.default.fileExists(atPath: png), "\(render.stderr)")
        #expect(try d.cli(["run", folder, "--no-live"]).status == 0)
        let validated = try d.cli(["validate", folder, "--only", "descriptors"])
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
        // Nothing was installed: the data folder has no style, and the id alone is unknown.
        #expect((try? FileManager.default.contentsOfDirectory(atPath: d.styles)) ?? [] == [])
        #expect(try d.cli(["info", "com.example.isometric-plane"]).status == 3)
        // A folder of such folders on --plugin-path: its styles are listed and run by id.
        let list = try d.cli(["list", "--plugin-path", d.dir.path, "--color", "never"])
        #expect(list.stdout.contains("com.example.isometric-plane "), "\(list.stdout)")
        #expect(try d.cli(["render", "com.example.isometric-plane", "--plugin-path", d.dir.path, "--out", png]).status == 0)
    }

    @Test("a Lottie file given directly is a style; a broken one or a missing path is one line naming it")
    func previewFile() throws {
        let d = try Designs([])
        defer { d.dir.remove() }
        let file = LottieTests.fixtures + "/undrawn.json"
        let info = try d.cli(["info", file])
        #expect(info.status == 0 && info.stdout.contains("test.undrawn"), "\(info.stderr)")
        #expect(info.stdout.contains("not drawn "), "\(info.stdout)")
        let validated = try d.cli(["validate", file, "--only", "descriptors.drawn-features"])
        #expect(validated.status == 0 && validated.stdout.contains("warning"), "\(validated.stdout)\(validated.stderr)")
        let broken = try d.cli(["info", LottieTests.fixtures + "/marker_zero.json"])
        let lines = broken.stderr.split(separator: "\n")
        #expect(broken.status != 0 && lines.count == 1, "\(broken.stderr)")
        #expect(broken.stderr == "Error: \(LottieTests.fixtures)/marker_zero.json: marker \"exit\" lasts 0 frames; it must last at least 1 frame\n",
                "\(broken.stderr)")
        let missing = try d.cli(["render", d.dir.path + "/nowhere/x.json", "--out", d.dir.path + "/x.png"])
        #expect(missing.status == 3 && missing.stderr == "Error: \(d.dir.path)/nowhere/x.json: no such file or folder\n", "\(missing.stderr)")
    }
}
