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

    /// `info --json`'s `animations` (docs/json.md): the manifest's ids in order,
    /// `played` on the one the style plays; `[]` for a style made from a plain
    /// JSON file. Each document also matches the published schema.
    @Test("info --json lists a dotLottie's animations, the played one marked; [] for a .json style; the schema holds")
    func animationsInJSON() throws {
        let d = try Designs(["frames.json"])
        defer { d.dir.remove() }
        let archive = try DotLottieTests.archive("two", in: d.dir.path)
        var documents = 0
        func animations(_ style: String) throws -> [[String: Any]] {
            documents += 1
            let info = try d.cli(["info", style, "--json"])
            try #require(info.status == 0, "\(info.stderr)")
            let file = d.dir.path + "/info-\(documents).json"
            try Data(info.stdout.utf8).write(to: URL(fileURLWithPath: file))
            let checked = try runProcess("/usr/bin/python3", [TestPaths.repository + "/Support/check_json_schema.py",
                                                              TestPaths.repository + "/docs/schema/refresh-host.schema.json", file])
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
            return try #require(object["animations"] as? [[String: Any]], "\(info.stdout)")
        }
        func pairs(_ list: [[String: Any]]) -> [String] { list.map { "\($0["id"] as? String ?? "?") \($0["played"] as? Bool ?? false)" } }
        #expect(pairs(try animations(archive)) == ["spinner true", "other false"])

        let folder = d.dir.path + "/Other"
        let made = try d.cli(["new", "Other", "--from", archive, "--animation", "other", "--dir", folder])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(pairs(try animations(folder)) == ["other true", "spinner false"])

        #expect(try animations("test.frames").isEmpty, "a style from a .json file has none")
    }
}
