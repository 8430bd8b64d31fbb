import Foundation
import Testing

/// A dotLottie archive of two animations (make_archive.py's "two": "spinner",
/// then "other", whose refreshHost ids are test.frames and test.other):
/// the adapter plays the manifest's first, `info` lists them, and
/// `new --from FILE.lottie --animation ID` makes a folder that plays the one
/// chosen; an id the archive does not hold is one line naming the file and
/// its ids, status 2.
@Suite struct DotLottieAnimationTests {
    typealias Designs = LottieTests.Designs

    @Test("info lists the archive's animations; new --animation picks one; an unknown id is one line with the ids, status 2")
    func chooseAnimation() throws {
        let d = try Designs([])
        defer { d.dir.remove() }
        let archive = try DotLottieTests.archive("two", in: d.dir.path)
        let info = try d.cli(["info", archive, "--color", "never"])
        #expect(info.status == 0 && info.stdout.contains("id                test.frames\n"), "\(info.stdout)\(info.stderr)")
        #expect(info.stdout.contains("animations        spinner (played), other\n"), "\(info.stdout)")

        let folder = d.dir.path + "/Other"
        let made = try d.cli(["new", "Other", "--from", archive, "--animation", "other", "--dir", folder])
        #expect(made.status == 0, "\(made.stderr)")
        let chosen = try d.cli(["info", folder, "--color", "never"])
        #expect(chosen.status == 0 && chosen.stdout.contains("id                test.other\n"), "\(chosen.stdout)\(chosen.stderr)")
        #expect(chosen.stdout.contains("animations        other (played), spinner\n"), "\(chosen.stdout)")
        let readme = try String(contentsOfFile: folder + "/README.md", encoding: .utf8)
        #expect(readme.contains("(`other`, chosen with --animation)"), "\(readme)")
        // The rewritten archive is a whole style: it validates where it is.
        let validated = try d.cli(["validate", folder, "--only", "loading,descriptors", "--color", "never"])
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")

        let unknown = try d.cli(["new", "Nope", "--from", archive, "--animation", "nope", "--dir", d.dir.path + "/Nope"])
        #expect(unknown.status == 2, "\(unknown.stderr)")
        let lines = unknown.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("--animation nope: \(archive) has no animation \"nope\"; its animations are \"spinner\", \"other\""),
                "\(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: d.dir.path + "/Nope"))

        let notArchive = try d.cli(["new", "Plain", "--from", LottieTests.fixtures + "/frames.json", "--animation", "other",
                                    "--dir", d.dir.path + "/Plain"])
        #expect(notArchive.status == 2 && notArchive.stderr.contains("not a dotLottie archive (.lottie)"), "\(notArchive.stderr)")
    }
}
