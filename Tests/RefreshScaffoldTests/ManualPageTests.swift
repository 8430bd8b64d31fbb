import Foundation
import RefreshTestSupport
import Testing

/// `make install` writes refresh-host(1) from the command definitions: it
/// renders without a warning, documents every visible command and option the
/// binary has (and none of the hidden worker ones), and uninstall removes it.
@Suite struct ManualPageTests {
    static let groff: String? = ["/usr/bin/groff", "/bin/groff"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The long names of the visible options of each visible command, from the binary itself.
    static func definitions(_ cli: String) throws -> [String: [String]] {
        let dump = try runProcess(cli, ["--experimental-dump-help"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let command = try #require(root["command"] as? [String: Any])
        var result: [String: [String]] = [:]
        for sub in command["subcommands"] as? [[String: Any]] ?? [] where sub["shouldDisplay"] as? Bool != false {
            let name = sub["commandName"] as? String ?? "?"
            guard name != "help" else { continue }
            result[name] = (sub["arguments"] as? [[String: Any]] ?? []).compactMap { argument in
                guard argument["shouldDisplay"] as? Bool != false,
                      let preferred = argument["preferredName"] as? [String: Any], preferred["kind"] as? String == "long",
                      let long = preferred["name"] as? String, !["help", "version"].contains(long) else { return nil }
                return "--" + long
            }
        }
        return result
    }

    @Test("the installed man page renders cleanly and documents every visible command and option")
    func installedPage() throws {
        // Staged as a packager does, for the usual prefix: the page names the prefix, not the stage.
        let stage = TemporaryDirectory()
        defer { stage.remove() }
        let install = try runProcess("/usr/bin/make", ["-C", TestPaths.repository, "install-only", "PREFIX=/usr/local",
                                                       "DESTDIR=" + stage.path, "BIN=" + TestPaths.binDirectory])
        try #require(install.status == 0, "\(install.stderr)")
        let page = stage.path + "/usr/local/share/man/man1/refresh-host.1"
        let source = try String(contentsOfFile: page, encoding: .utf8)
        #expect(source.hasPrefix(".Dd ") && source.contains(".Dt REFRESH-HOST 1"))
        #expect(!source.contains(stage.path))
        let manifest = try String(contentsOfFile: stage.path + "/usr/local/share/refresh-host/install-manifest", encoding: .utf8)
        #expect(manifest.contains("f /usr/local/share/man/man1/refresh-host.1\n"))

        guard let groff = Self.groff else {
            print("skipped rendering: no groff (make test installs groff-base)")
            return
        }
        // -ww: every warning; -z: no output, the warnings alone.
        let lint = try runProcess(groff, ["-mdoc", "-Tutf8", "-ww", "-z", page])
        #expect(lint.status == 0 && lint.stderr.isEmpty, "\(lint.stderr)")
        // One line per paragraph (a line length nothing reaches): no wrapping, no hyphenation.
        let rendered = try runProcess(groff, ["-mdoc", "-Tutf8", "-rLL=5000n", "-P-c", "-P-b", "-P-u", page],
                                      environment: ["LANG": "C.UTF-8"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let text = rendered.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "ENVIRONMENT", "FILES", "SEE ALSO"] {
            #expect(text.contains(section), "no \(section) section")
        }
        let definitions = try Self.definitions(TestPaths.cli)
        #expect(Set(definitions.keys) == ["list", "info", "run", "render", "gallery", "validate", "new", "install", "remove"])
        for (command, options) in definitions {
            #expect(text.contains("refresh-host \(command) "), "no synopsis of \(command)")
            for option in options { #expect(text.contains(option), "\(command) \(option) is not in the page") }
        }
        for hidden in ["refresh-host worker", "validate-worker", "scan-worker", "--worker-file", "--live-worker"] {
            #expect(!text.contains(hidden), "the page shows the hidden \(hidden)")
        }
        #expect(text.contains("SEE ALSO The README in /usr/local/share/doc/refresh-host"), "SEE ALSO names the installed docs")

        // What a reader needs beyond the options: examples, every variable that changes what the tool does, its folders.
        let examples = try #require(text.range(of: "EXAMPLES "))
        #expect(text[examples.upperBound...].hasPrefix("refresh-host list "), "EXAMPLES starts with list")
        let environment = try #require(text.range(of: "ENVIRONMENT "))
        let files = try #require(text.range(of: "FILES ", range: environment.upperBound..<text.endIndex))
        for variable in ["REFRESH_HOST_PLUGIN_PATH", "HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "NO_COLOR", "COLUMNS", "TERM"] {
            #expect(text[environment.upperBound..<files.lowerBound].contains(variable + " "), "ENVIRONMENT leaves out \(variable)")
        }
        #expect(text[files.upperBound...].contains("${XDG_DATA_HOME:-~/.local/share}/refresh-host/styles"), "FILES leaves out the styles folder")
        // Code spans are set in bold, not shown as Markdown.
        #expect(!text.contains("`"), "raw Markdown backticks in the page")
        // Every guide the page cites is where it says, once installed.
        let cited = Set(text.matches(of: /\/usr\/local\/share\/doc\/refresh-host\/docs\/[\w\/.-]+\.(md|json)/).map { String($0.output.0) })
        #expect(cited.contains("/usr/local/share/doc/refresh-host/docs/json.md"), "\(cited)")
        for path in cited { #expect(FileManager.default.fileExists(atPath: stage.path + path), "the page cites \(path), which install does not write") }
        #expect(!text.contains("(docs/"), "a guide cited by a path that does not exist once installed")
    }
}
