import Foundation
import RefreshHostController
import RefreshPluginRuntime
import Testing

/// The C plugin in README.md is real: it builds with nothing but the header
/// and runs through a whole refresh.
@Suite(.tags(.endToEnd)) struct ReadmeExampleTests {
    @Test("README's C example builds with cc against the header alone, loads, runs and passes validate")
    func cExample() throws {
        let readme = try String(contentsOfFile: TestPaths.repository + "/README.md", encoding: .utf8)
        let start = try #require(readme.range(of: "```c\n"))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        try String(readme[start.upperBound..<end.lowerBound]).write(toFile: dir.path + "/pulse.c", atomically: true,
                                                                     encoding: .utf8)
        let built = try runProcess("/usr/bin/env", [
            "cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-fPIC", "-fvisibility=hidden", "-shared",
            "-I", TestPaths.header, "-o", dir.path + "/libpulse.so", dir.path + "/pulse.c",
        ])
        #expect(built.status == 0, "\(built.stderr)")
        let exports = try runProcess("/usr/bin/env", ["nm", "-D", "--defined-only", dir.path + "/libpulse.so"])
        #expect(exports.stdout.split(separator: "\n").map { $0.split(separator: " ").last! } == ["rh_entry"])

        var gesture = Gesture()
        gesture.refreshDuration = 2.3  // ends at 2.9, inside cycle 5 (2.6 to 3.1)
        try ExamplePlugins.expectCleanRun("pulse", library: dir.path + "/libpulse.so", gesture: gesture, cycles: 5...5)
        // And it is what the README says a plugin should be: it passes validate at the highest strictness.
        try ExamplePlugins.expectPassesStrictValidation(dir.path + "/libpulse.so")
    }

    @Test("README's Swift example is the ReadmeSpinStyle plugin the package builds; it runs and passes validate")
    func swiftExample() throws {
        let readme = try String(contentsOfFile: TestPaths.repository + "/README.md", encoding: .utf8)
        let section = try #require(readme.range(of: "## Write a style in Swift"))
        let start = try #require(readme.range(of: "```swift\n", range: section.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let source = try String(contentsOfFile: TestPaths.repository + "/Tests/ReadmeSwiftExample/Spin.swift",
                                encoding: .utf8)
        #expect(String(readme[start.upperBound..<end.lowerBound]) == source,
                "README's Swift example and Tests/ReadmeSwiftExample/Spin.swift differ")

        let plugin = TestPaths.binDirectory + "/libReadmeSpinStyle.so"
        try ExamplePlugins.expectCleanRun("com.example.spin", library: plugin, cycles: 4...10)
        try ExamplePlugins.expectPassesStrictValidation(plugin)
    }

    @Test("README's list and run samples are what the binary prints (paths shortened), and it counts the styles right")
    func consoleSamples() throws {
        let readme = try String(contentsOfFile: TestPaths.repository + "/README.md", encoding: .utf8)
        let start = try #require(readme.range(of: "```console\n$ refresh-host list\n"))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let sample = readme[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let env = ["HOME": NSTemporaryDirectory() + "refresh-host-no-home", "PATH": "/usr/bin:/bin"]
        // The README shortens every path to what follows its last "/debug" or "/plugins".
        func shortened(_ text: String) -> [String] {
            text.split(separator: "\n", omittingEmptySubsequences: false).map {
                String($0).replacing(/\/[^ ]*\/debug\/plugins\//, with: "/…/debug/plugins/")
                    .replacing(/from \/[^ ]*\/plugins\//, with: "from /…/plugins/")
            }
        }
        let list = shortened(try runProcess(TestPaths.cli, ["list"], environment: env).stdout)
        let listSample = Array(sample.prefix { !$0.isEmpty })
        #expect(listSample == list.filter { !$0.isEmpty }, "README's `refresh-host list` differs from the binary's")

        let run = shortened(try runProcess(TestPaths.cli, ["run", "yahoo"], environment: env).stdout)
        let runSample = Array(try #require(sample.split(separator: "$ refresh-host run yahoo").last))
        // The lines the README shows, in order, each run of them as the binary prints it; "…" stands for lines left out.
        var next = run.startIndex
        for chunk in runSample.split(separator: "   …") {
            let lines = Array(chunk)
            let found = (next...max(next, run.count - lines.count)).first { Array(run[$0..<min(run.count, $0 + lines.count)]) == lines }
            #expect(found != nil, "README's run sample has these lines, which the binary does not print together: \(lines)")
            if let found { next = found + lines.count }
        }

        let words = ["eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen"]
        let count = list.filter { $0.hasPrefix("com.refreshhost.") }.count
        let said = words.filter { readme.lowercased().contains("\($0) ship with it") || readme.contains("the \($0) bundled styles") }
        #expect(said == [words.indices.contains(count - 11) ? words[count - 11] : "\(count)"], "the README counts \(said) bundled styles; list shows \(count)")
    }
}
