import Foundation
import RefreshTestSupport
import Testing

/// Every link in every Markdown file works where it is read: in the repository
/// (a clone, or the project's page) and in an installed prefix, whose docs
/// must carry what they link to. Each broken link is named file:line, with its
/// target and why.
@Suite struct DocLinkTests {
    @Test("every link in the repository's Markdown works")
    func repository() throws {
        let checker = LinkChecker(root: TestPaths.repository)
        #expect(checker.markdownFiles().contains("README.md") && checker.markdownFiles().contains("docs/writing-a-style.md"))
        let problems = try checker.problems()
        #expect(problems.isEmpty, "broken links:\n\(problems.map(\.description).joined(separator: "\n"))")
    }

    @Test("every link in the installed docs works")
    func installed() throws {
        let stage = TemporaryDirectory()
        defer { stage.remove() }
        let install = try runProcess("/usr/bin/make", ["-C", TestPaths.repository, "install-only", "PREFIX=/usr/local",
                                                       "DESTDIR=" + stage.path, "BIN=" + TestPaths.binDirectory])
        try #require(install.status == 0, "\(install.stderr)")
        let checker = LinkChecker(root: stage.path + "/usr/local")
        let files = checker.markdownFiles()
        #expect(files.contains("share/doc/refresh-host/README.md"), "\(files)")
        #expect(files.contains("share/doc/refresh-host/docs/writing-a-style.md"), "\(files)")
        let problems = try checker.problems()
        #expect(problems.isEmpty, "broken links:\n\(problems.map(\.description).joined(separator: "\n"))")
    }

    @Test("an installed style's README names only files that are installed, or says a source is not")
    func installedStyleReadmes() throws {
        let stage = TemporaryDirectory()
        defer { stage.remove() }
        let install = try runProcess("/usr/bin/make", ["-C", TestPaths.repository, "install-only", "PREFIX=/usr/local",
                                                       "DESTDIR=" + stage.path, "BIN=" + TestPaths.binDirectory])
        try #require(install.status == 0, "\(install.stderr)")
        let root = stage.path + "/usr/local"
        let readmes = LinkChecker(root: root).markdownFiles().filter { $0.hasPrefix("lib/refresh-host/plugins/") }
        #expect(readmes.contains("lib/refresh-host/plugins/WaterDrop/README.md"), "\(readmes)")
        let missing = try readmes.flatMap { file throws in try FileMentions.missing(in: file, root: root) }
        #expect(missing.isEmpty, "named but not installed:\n\(missing.joined(separator: "\n"))")
    }

    @Test("file mentions: paths in code spans, not commands, code blocks, or lines and tables that say 'not installed'")
    func fileMentionsAreFound() {
        let text = """
            `a.c` uses `include/x/` and `-IPlugins` with `X=Tests/2` and `rh_entry` in `styles/NAME/`
                cc `b.c`
            `c.c` (not installed)
            ```
            `d.c`
            ```
            `e/f.png` `docs/g.md`
            | file (not installed) | what |
            | `g.c` | skipped |

            | file | what |
            | `h.c` | named |
            """
        #expect(FileMentions.mentions(in: text) == [.init(line: 1, path: "a.c"), .init(line: 1, path: "include/x/"),
                                                    .init(line: 7, path: "docs/g.md"), .init(line: 12, path: "h.c")])
    }

    @Test("the checker finds what is broken: a missing file, anchor, or folder outside, a bad address, code left alone")
    func brokenLinksAreFound() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        try FileManager.default.createDirectory(atPath: dir.path + "/docs/images", withIntermediateDirectories: true)
        try "gif".write(toFile: dir.path + "/docs/images/a.gif", atomically: true, encoding: .utf8)
        try """
            # Guide

            ## 1. Install `it`, then run

            ## Again
            ## Again
            """.write(toFile: dir.path + "/docs/guide.md", atomically: true, encoding: .utf8)
        try """
            # Top
            [ok](docs/guide.md#1-install-it-then-run) [ok too](docs/guide.md#again-1) <img src="docs/images/a.gif">
            [missing](docs/nothing.md) and [folder](docs/images) and [self](#top)
            [bad anchor](docs/guide.md#install)
            <img width="10" src="docs/images/b.gif" alt="">
            [outside](../shared/styles.md) [web](https://example.com/x?y=1#z) [bad web](https://exa mple.com)
            `[in code](nowhere.md)` and [reference]: docs/gone.md

            ```
            [in a block](nowhere.md)
            ```
            [here](#nope) [abs](/etc/passwd)
            """.write(toFile: dir.path + "/README.md", atomically: true, encoding: .utf8)
        let problems = try LinkChecker(root: dir.path).problems().map(\.description)
        #expect(problems == [
            "README.md:3: docs/nothing.md: no such file",
            "README.md:4: docs/guide.md#install: no heading or id 'install' there",
            "README.md:5: docs/images/b.gif: no such file",
            "README.md:6: ../shared/styles.md: points outside \(dir.path)",
            "README.md:6: https://exa: not a well-formed web address",
            "README.md:12: #nope: no heading or id 'nope' there",
            "README.md:12: /etc/passwd: an absolute path: it names a file on the writer's machine",
        ], "\(problems)")
    }
}
