import Foundation
import RefreshTestSupport
import Testing

/// docs/embedding.md's example, compiled and run as the page says, with the CLI's search path.
@Suite struct EmbedDocsTests {
    /// The page's first C block.
    static func example() throws -> String {
        let page = try String(contentsOfFile: TestPaths.repository + "/docs/embedding.md", encoding: .utf8)
        guard let start = page.range(of: "```c\n"), let end = page.range(of: "\n```", range: start.upperBound..<page.endIndex) else {
            throw EmbedFailure("no ```c block in docs/embedding.md")
        }
        return String(page[start.upperBound..<end.lowerBound]) + "\n"
    }

    @Test("the complete example compiles with -Wall -Wextra -Werror and pulls yelp: one refresh, back to idle")
    func example() throws {
        let folder = try EmbedProcessTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.example().write(toFile: folder + "/pull.c", atomically: true, encoding: .utf8)
        let program = try EmbedProcessTests.buildProgram(folder + "/pull.c", into: folder, name: "pull")
        // The CLI's search path (the plugins beside refresh-host), with a home and cache of the test's own.
        let environment = ["HOME": folder, "XDG_CACHE_HOME": folder + "/cache", "PATH": "/usr/bin:/bin"]
        let result = try runProcess(program, ["yelp"], environment: environment)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("refresh requested at 10."), "\(result.stdout)")
        #expect(result.stdout.contains("say \"Refreshing\""))
        #expect(result.stdout.contains("at rest: state 0, 1 refresh(es)"))
        #expect(result.stdout.contains("pulled: the list moves"))
        #expect(!result.stdout.contains("failed"))
    }
}
