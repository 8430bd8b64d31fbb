import Foundation
import RefreshHostController
import RefreshPluginRuntime
import Testing

/// docs/writing-a-style.md builds its worked example, Ring, in pieces. Put
/// together in order, the pieces must be a plugin that builds with the header
/// alone, runs, passes validate at the highest strictness, and prints the
/// timeline the guide shows.
@Suite(.tags(.endToEnd)) struct GuideExampleTests {
    static let guidePath = TestPaths.repository + "/docs/writing-a-style.md"

    /// Every ```c block of the worked-example section, in order.
    func ringSource() throws -> String {
        let guide = try String(contentsOfFile: Self.guidePath, encoding: .utf8)
        let section = try #require(guide.range(of: "## 5. A worked example"))
        let sectionEnd = guide.range(of: "\n## 6.", range: section.upperBound..<guide.endIndex)?.lowerBound ?? guide.endIndex
        var source = ""
        var cursor = section.upperBound
        while let open = guide.range(of: "```c\n", range: cursor..<sectionEnd),
              let close = guide.range(of: "```", range: open.upperBound..<sectionEnd) {
            source += guide[open.upperBound..<close.lowerBound]
            cursor = close.upperBound
        }
        return source
    }

    func buildRing(in dir: TemporaryDirectory) throws -> String {
        try ringSource().write(toFile: dir.path + "/ring.c", atomically: true, encoding: .utf8)
        let library = dir.path + "/libRing.so"
        let built = try runProcess("/usr/bin/env", [
            "cc", "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-fPIC", "-fvisibility=hidden", "-shared",
            "-I", TestPaths.header, "-o", library, dir.path + "/ring.c", "-lm",
        ])
        try #require(built.status == 0, "\(built.stderr)")
        return library
    }

    @Test("the guide's Ring builds from its pieces, exports only rh_entry, runs and passes validate --strictness 10")
    func ringIsARealPlugin() throws {
        let source = try ringSource()
        #expect(source.split(separator: "\n").count > 100, "the pieces were not all found")
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let library = try buildRing(in: dir)
        let exports = try runProcess("/usr/bin/env", ["nm", "-D", "--defined-only", library])
        #expect(exports.stdout.split(separator: "\n").map { $0.split(separator: " ").last! } == ["rh_entry"])

        try ExamplePlugins.expectCleanRun("ring", library: library, cycles: 4...4)
        try ExamplePlugins.expectPassesStrictValidation(library)
    }

    @Test("the timeline the guide prints is what run --no-live prints for Ring, line for line")
    func timelineIsReal() throws {
        let guide = try String(contentsOfFile: Self.guidePath, encoding: .utf8)
        let command = try #require(guide.range(of: "$ refresh-host run ring --plugin-path . --no-live\n"))
        let end = try #require(guide.range(of: "```", range: command.upperBound..<guide.endIndex))
        let shown = guide[command.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
            .filter { $0.trimmingCharacters(in: .whitespaces) != "..." }
        #expect(shown.count >= 15)

        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let library = try buildRing(in: dir)
        let run = try runProcess(TestPaths.cli, ["run", "ring", "--plugin-path", library, "--no-live"])
        try #require(run.status == 0, "\(run.stderr)")
        // The guide leaves lines out but never changes or reorders one.
        var printed = run.stdout.split(separator: "\n").map(String.init)[...]
        for line in shown {
            guard let at = printed.firstIndex(of: line) else {
                Issue.record("the guide shows \"\(line)\", which run does not print (in that order)")
                return
            }
            printed = printed[(at + 1)...]
        }
    }
}
