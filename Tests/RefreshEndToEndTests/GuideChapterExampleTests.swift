import Foundation
import RefreshHostController
import RefreshPluginRuntime
import Testing

/// docs/writing-a-style.md's chapters 10, 11 and 12 quote one example per ABI
/// 1.2 ability and per ABI 1.3 lifecycle ability, and one for ABI 1.5's extensions, from Examples/Guide. The quotes must be the files, byte for byte,
/// and each file a plugin that builds with the header, runs cleanly, renders
/// and passes validate at the highest strictness. Each is built as a user
/// installs it: in a folder of its own, `<name>/lib<name>.so` beside its
/// `assets/`.
@Suite(.tags(.endToEnd)) struct GuideChapterExampleTests {
    static let guidePath = TestPaths.repository + "/docs/writing-a-style.md"
    static let examples = TestPaths.repository + "/Examples/Guide"
    static let marker = "<!-- example: "

    /// Every (path, quoted text) the guide quotes with an example marker.
    func quotes() throws -> [(path: String, quoted: String)] {
        let guide = try String(contentsOfFile: Self.guidePath, encoding: .utf8)
        var result: [(String, String)] = []
        var cursor = guide.startIndex
        while let mark = guide.range(of: Self.marker, range: cursor..<guide.endIndex) {
            let lineEnd = try #require(guide.range(of: " -->\n```c\n", range: mark.upperBound..<guide.endIndex))
            let close = try #require(guide.range(of: "```", range: lineEnd.upperBound..<guide.endIndex))
            result.append((String(guide[mark.upperBound..<lineEnd.lowerBound]), String(guide[lineEnd.upperBound..<close.lowerBound])))
            cursor = close.upperBound
        }
        return result
    }

    /// Examples/Guide/<chapter>/<name>.c, every one.
    static func exampleFiles() -> [String] {
        let fm = FileManager.default
        let chapters = ((try? fm.contentsOfDirectory(atPath: examples)) ?? []).sorted()
        return chapters.flatMap { chapter in
            ((try? fm.contentsOfDirectory(atPath: examples + "/" + chapter)) ?? []).sorted()
                .filter { $0.hasSuffix(".c") }.map { "Examples/Guide/\(chapter)/\($0)" }
        }
    }

    @Test("the guide quotes every chapter example exactly as the file holds it, and no file it does not have")
    func quotesMatchFiles() throws {
        let quoted = try quotes()
        #expect(quoted.count == 15, "one example per ABI 1.2 chapter (9), per ABI 1.3 chapter (4) and two for 1.5's extensions")
        for q in quoted {
            let file = try String(contentsOfFile: TestPaths.repository + "/" + q.path, encoding: .utf8)
            #expect(q.quoted == file, "the guide's copy of \(q.path) differs from the file")
        }
        #expect(Set(quoted.map(\.path)) == Set(Self.exampleFiles()))
    }

    /// The examples call the 1.2 services (keyframes, images, timers, fonts)
    /// without checking, as the header allows a 1.2 plugin to.
    @Test("each chapter example builds, runs cleanly, renders and passes validate --strictness 10",
          arguments: exampleFiles())
    func exampleIsARealPlugin(path: String) throws {
        let source = TestPaths.repository + "/" + path
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let folder = dir.path + "/" + name
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let assets = (source as NSString).deletingLastPathComponent + "/assets"
        if FileManager.default.fileExists(atPath: assets) {
            try FileManager.default.copyItem(atPath: assets, toPath: folder + "/assets")
        }
        let library = folder + "/lib\(name).so"
        let built = try runProcess("/usr/bin/env", [
            "cc", "-std=c11", "-O2", "-Wall", "-Wextra", "-Wpedantic", "-Werror", "-fPIC", "-fvisibility=hidden",
            "-shared", "-I", TestPaths.header, "-I", Self.examples, "-o", library, source, "-lm",
        ])
        try #require(built.status == 0, "\(built.stderr)")

        let id = "com.example." + name
        try ExamplePlugins.expectCleanRun(id, library: library, cycles: 1...10)
        let png = dir.path + "/frame.png"
        // The timers example shows its note only once its 1.5 s timer has fired (the refresh starts at 0.6 s).
        let at = name == "timers" ? "2.6" : "1.2"
        let rendered = try runProcess(TestPaths.cli, ["render", id, "--plugin-path", folder, "--out", png, "--at", at])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stderr.isEmpty, "\(rendered.stderr)")
        let frame = try DecodedPNG(png)
        #expect(Set(frame.pixels.prefix(frame.width * 160)).count > 2, "the header area shows something")
        try ExamplePlugins.expectPassesStrictValidation(library)
    }
}
