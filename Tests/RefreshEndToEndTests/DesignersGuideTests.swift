import Foundation
import Testing

/// docs/designers.md, section 7, as a designer would follow it: each command
/// of its block, in order, with a Lottie file exported without an id.
@Suite(.tags(.endToEnd)) struct DesignersGuideTests {
    @Test("the guide's check-install-look-at-it commands all succeed, remove included")
    func section7() throws {
        let guide = try String(contentsOfFile: TestPaths.repository + "/docs/designers.md", encoding: .utf8)
        let section = try #require(guide.range(of: "## 7. Check, install, look at it"))
        let start = try #require(guide.range(of: "```sh\n", range: section.upperBound..<guide.endIndex))
        let end = try #require(guide.range(of: "```", range: start.upperBound..<guide.endIndex))
        let commands = guide[start.upperBound..<end.lowerBound].split(separator: "\n").map {
            $0.split(separator: "#", maxSplits: 1)[0].split(separator: " ").map(String.init)
        }
        #expect(commands.count >= 8 && commands.allSatisfy { $0.first == "refresh-host" })

        let dir = TemporaryDirectory()
        defer { dir.remove() }
        // As exported from After Effects: the bundled Bloom's animation, without its refreshHost object.
        let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.repository + "/Plugins/Lottie/styles/bloom.json"))
        var lottie = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        lottie.removeValue(forKey: "refreshHost")
        try JSONSerialization.data(withJSONObject: lottie).write(to: URL(fileURLWithPath: dir.path + "/bloom.json"))
        let env = ["HOME": dir.path + "/home", "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": dir.path + "/cache"]
        for command in commands {
            let r = try runProcess(TestPaths.cli, Array(command.dropFirst()), environment: env, directory: dir.path)
            // validate reports on stdout: the checks that did not pass say why.
            let findings = r.stdout.split(separator: "\n").filter { !$0.contains(" passed ") }
            #expect(r.status == 0, "\(command.joined(separator: " ")): status \(r.status): \(r.stderr)\(findings.joined(separator: "\n"))")
        }
        // remove took the installed folder out again.
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/home/.local/share/refresh-host/styles/bloom"))
    }
}
