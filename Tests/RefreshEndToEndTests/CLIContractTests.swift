import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// docs/cli.md, command by command: no silent successes, one exit-status
/// table, `-` for stdout, negative numbers as values, suggestions for near misses.
@Suite(.tags(.endToEnd)) struct CLIContractTests {
    func cli(_ arguments: [String], stdout: String? = nil) throws -> ProcessResult {
        let home = NSTemporaryDirectory() + "refresh-host-contract-home"
        let env = ["HOME": home, "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": home + "/cache"]
        guard let stdout else { return try runProcess(TestPaths.cli, arguments, environment: env) }
        // Through a shell, for a redirection the test runner cannot make (> /dev/full).
        let command = ([TestPaths.cli] + arguments).map(shellQuoted).joined(separator: " ") + " > " + stdout
        return try runProcess("/bin/sh", ["-c", command], environment: env)
    }

    /// One line on stderr starting with `prefix`, the given status, no usage text or stack trace.
    func expectError(_ r: ProcessResult, status: Int32, _ prefix: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.status == status, "status \(r.status): \(r.stderr)", sourceLocation: sourceLocation)
        let lines = r.stderr.split(separator: "\n").filter { !$0.isEmpty }
        #expect(lines.count == 1 && lines.first?.hasPrefix(prefix) == true, "stderr: \(r.stderr)", sourceLocation: sourceLocation)
        #expect(!r.stderr.contains("Stack dump") && !r.stderr.contains("USAGE"), sourceLocation: sourceLocation)
    }

    @Test("usage errors are status 2 from the parser and the commands alike, with 'did you mean' for commands and options")
    func usage() throws {
        expectError(try cli(["lst"]), status: 2, "Error: 'lst' is not a refresh-host command; did you mean 'list'?")
        expectError(try cli(["frobnicate"]), status: 2, "Error: 'frobnicate' is not a refresh-host command; the commands are list")
        expectError(try cli(["help", "nope"]), status: 2, "Error: help: 'nope' is not a refresh-host command")
        #expect(try cli(["help", "run"]).status == 0)
        expectError(try cli(["validate", "--stricness", "3", "x.so"]), status: 2, "Error: Unknown option '--stricness'. Did you mean '--strictness'?")
        expectError(try cli(["validate", "--bogus"]), status: 2, "Error: Unknown option '--bogus'")
        expectError(try cli(["render", "yelp", "--out", "/tmp/x.gif", "--fps", "0"]), status: 2,
                    "Error: --fps 0: must be a number of frames per second from 1 to 120")
    }

    @Test("every usage error has one form: the value as typed, what it must be, where the help is; status 2",
          arguments: [
              (["list", "--scan-timeout", "-1"], "--scan-timeout -1: must be a number of seconds in (0, 600]", "list"),
              (["list", "--scan-timeout", "nan"], "--scan-timeout nan: must be a number of seconds in (0, 600]", "list"),
              (["list", "--scan-timeout", "1e9"], "--scan-timeout 1e9: must be a number of seconds in (0, 600]", "list"),
              (["render", "yelp", "--out", "/tmp/x.png", "--scale", "4"], "--scale 4: must be a whole number from 1 to 3", "render"),
              (["gallery", "--out", "/tmp/x", "--jobs", "0"], "--jobs 0: must be a whole number from 1 to 256", "gallery"),
              (["validate", "yahoo", "--strictness", "11"], "--strictness 11: must be a whole number from 1 to 10", "validate"),
              (["install", "/tmp", "--strictness", "0"], "--strictness 0: must be a whole number from 1 to 10", "install"),
              (["render", "yelp", "--out", "/tmp/x.png", "--at", "foo"], "--at foo: expected seconds (>= 0) or one of", "render"),
              (["render", "yelp", "--out", "/tmp/x.png", "--at", "-1"], "--at -1: expected seconds (>= 0) or one of", "render"),
              (["render", "yelp", "--out", "/tmp/x.png", "--at", "1000"], "--at 1000: the run ends at", "render"),
              (["render", "yelp", "--out", "/tmp/x.png", "--format", "jpg"], "--format jpg: expected gif, webp, png or svg", "render"),
              (["render", "yelp", "--out", "/tmp/x.gif", "--fps", "1e12"], "--fps 1e12: must be a number of frames per second from 1 to 120", "render"),
              (["run", "yelp", "--no-live", "--fps", "1e12"], "--fps 1e12: must be a number of frames per second from 1 to 120", "run"),
              (["gallery", "--out", "/tmp/x", "--fps", "121"], "--fps 121: must be a number of frames per second from 1 to 120", "gallery"),
              (["render", "yelp", "--out", "/tmp/x.gif", "--fps", "60"], "--fps 60: a GIF plays at most 50 frames per second", "render"),
              (["run", "yelp", "--no-live", "--budget", "1e-400"], "--budget 1e-400: must be a number of seconds in (0, 3600]", "run"),
              (["gallery", "--out", "/tmp/x", "--budget", "0"], "--budget 0: must be a number of seconds in (0, 3600]", "gallery"),
              (["run", "yelp", "--no-live", "--edge", "footer"], "--edge footer: Yelp does not declare", "run"),
          ])
    func usageForm(arguments: [String], message: String, command: String) throws {
        let r = try cli(arguments)
        expectError(r, status: 2, "Error: " + message)
        #expect(r.stderr.hasSuffix(" (see 'refresh-host \(command) --help')\n"), "\(r.stderr)")
    }

    @Test("every numeric option's help states its range, and --fps says why its default differs between commands")
    func rangesInHelp() throws {
        for (command, ranges) in [("run", ["--fps <n>", "from 1 to 120", "--budget", "in (0, 3600]", "--pull", "in (0, H)",
                                           "--hold", "from 0 to 60", "--scan-timeout", "in (0, 600]"]),
                                  ("render", ["from 1 to 120", "default: 60 for run", "30 for render", "--scale", "from 1 to 3"]),
                                  ("gallery", ["from 1 to 120", "--jobs", "from 1 to 256", "--deadline", "--strictness"]),
                                  ("validate", ["--strictness", "from 1 to 10", "--timeout", "in (0, 3600]", "--seed", "from 0 to 2^53-1"])] {
            let help = try cli(["help", command]).stdout.replacingOccurrences(of: "\n", with: " ")
                .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            for text in ranges { #expect(help.contains(text), "refresh-host \(command) --help: no '\(text)'") }
        }
    }

    @Test("negative numbers are values: the error says the allowed range, not 'Missing value'")
    func negativeNumbers() throws {
        expectError(try cli(["run", "yelp", "--no-live", "--pull", "-300"]), status: 2,
                    "Error: --pull -300: must be a number of points in (0, 300), below the viewport's height (--size 375x300)")
        expectError(try cli(["run", "yelp", "--no-live", "--hold", "-1"]), status: 2, "Error: --hold -1: must be a number of seconds from 0 to 60")
        expectError(try cli(["render", "yelp", "--out", "/tmp/x.png", "--refresh", "-2"]), status: 2,
                    "Error: --refresh -2: must be a number of seconds from 0 to 600")
        expectError(try cli(["render", "yelp", "--out", "/tmp/x.png", "--at", "-1"]), status: 2, "Error: --at -1: expected seconds (>= 0)")
        expectError(try cli(["run", "yelp", "--no-live", "--finger", "-0.5"]), status: 2, "Error: --finger -0.5: expected FROM or FROM,TO")
    }

    @Test("options a command would drop are refused: --strictness with --no-validate, a plugin with --list-checks")
    func droppedOptions() throws {
        expectError(try cli(["gallery", "--out", "/tmp/x", "--no-validate", "--strictness", "9"]), status: 2,
                    "Error: --strictness 9: --no-validate leaves out the validation; give one or the other")
        expectError(try cli(["validate", "yelp", "--list-checks"]), status: 2,
                    "Error: --list-checks prints the catalogue, the same for every plugin: leave out yelp")
    }

    @Test("options a run cannot honour are errors or warnings, never dropped")
    func honoured() throws {
        expectError(try cli(["run", "yelp", "--no-live", "--programmatic", "--hold", "1"]), status: 2,
                    "Error: --hold: a programmatic refresh has no pull")
        expectError(try cli(["render", "yelp", "--out", "/tmp/x.gif", "--programmatic", "--pull", "80"]), status: 2,
                    "Error: --pull: a programmatic refresh has no pull")
        expectError(try cli(["run", "yelp", "--no-live", "--size", "375x50"]), status: 2,
                    "Error: --size 375x50: the viewport must be taller than the pull, 150 pt (1.5 x Yelp's 100 pt header)")
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let past = try cli(["render", "yelp", "--out", dir.path + "/x.png", "--at", "1000"])
        expectError(past, status: 2, "Error: --at 1000: the run ends at ")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/x.png"))
        // A pull short of the threshold is legal (it shows the pull alone) and said once.
        let short = try cli(["run", "yelp", "--no-live", "--pull", "50"])
        #expect(short.status == 0)
        #expect(short.stderr == "warning: --pull 50: short of Yelp's 100 pt threshold; the refresh will not start\n")
        expectError(try cli(["list", "--plugin-path", "/etc/passwd"]), status: 3,
                    "Error: --plugin-path /etc/passwd: not a folder or a .so file")
    }

    @Test("'-' is stdout: frames-json keeps stdout to JSON lines, render --out - writes the file there, validate --junit -")
    func dashIsStdout() throws {
        let frames = try cli(["run", "yelp", "--frames-json", "-", "--refresh", "0.4"])
        #expect(frames.status == 0, "\(frames.stderr)")
        let lines = frames.stdout.split(separator: "\n")
        #expect(lines.count > 60)
        for line in lines { #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line.prefix(80))") }
        #expect(frames.stderr.contains("done at"), "the timeline goes to stderr")
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/-"))

        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let png = try cli(["render", "yelp", "--out", "-", "--format", "png"], stdout: dir.path + "/out.png")
        #expect(png.status == 0, "\(png.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/out.png"))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG on stdout")
        expectError(try cli(["render", "yelp", "--out", "-"]), status: 2, "Error: --out -: give --format")
        expectError(try cli(["render", "yelp", "--out", "a.gif", "--format", "png"]), status: 2, "Error: --format png: --out a.gif names a .gif file")

        let junit = try cli(["validate", TestPaths.bundledPlugin("libYahooStyle.so"), "--only", "descriptors", "--junit", "-"])
        #expect(junit.status == 0 && junit.stdout.contains("<testsuite"), "\(junit.stderr)")
    }

    @Test("validate --json and --junit report a file refused before loading: loading.dlopen failed, status still 3")
    func refusedFileReport() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let text = dir.path + "/libText.so"
        try Data("not a library".utf8).write(to: URL(fileURLWithPath: text))
        let fifo = dir.path + "/libPipe.so"
        #expect(mkfifo(fifo, 0o644) == 0)
        let open = dir.path + "/libOpen.so"
        try FileManager.default.copyItem(atPath: TestPaths.bundledPlugin("libYahooStyle.so"), toPath: open)
        #expect(chmod(open, 0o666) == 0)
        let cut = dir.path + "/libCut.so"
        let whole = try Data(contentsOf: URL(fileURLWithPath: TestPaths.bundledPlugin("libYahooStyle.so")))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: cut))
        for (file, reason) in [(text, "not a shared object"), (fifo, "FIFO"), (open, "writable"), (cut, "truncated"),
                               (dir.path + "/libMissing.so", "no such file")] {
            let r = try cli(["validate", file, "--json", "--only", "descriptors"])
            expectError(r, status: 3, "Error: \(file): ")
            #expect(r.stderr.contains(reason), "\(r.stderr)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any],
                                        "no document for \(file): \(r.stdout)")
            #expect(document["kind"] as? String == "validation" && document["file"] as? String == file)
            let results = (document["results"] as? [[String: Any]]) ?? []
            #expect(results.first?["id"] as? String == "loading.dlopen" && results.first?["status"] as? String == "failed")
            #expect((results.first?["actual"] as? String)?.contains(reason) == true, "\(results.first ?? [:])")
            #expect(results.dropFirst().allSatisfy { $0["status"] as? String == "skipped" } && results.count > 1)
        }
        // A person gets the one line, no table.
        let plain = try cli(["validate", text])
        expectError(plain, status: 3, "Error: \(text): not a shared object")
        #expect(plain.stdout.isEmpty)
        let junit = try cli(["validate", text, "--junit", "-"])
        #expect(junit.status == 3 && junit.stdout.hasPrefix("<?xml") && junit.stdout.contains("name=\"loading.dlopen\""),
                "\(junit.stdout)")
    }

    @Test("validate --junit - leaves stdout to the XML alone (the table goes to stderr); an unwritable --junit fails before any check")
    func junitOutput() throws {
        let yahoo = TestPaths.bundledPlugin("libYahooStyle.so")
        let r = try cli(["validate", yahoo, "--only", "descriptors", "--junit", "-"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("<?xml") && r.stdout.hasSuffix("</testsuites>\n"), "\(r.stdout)")
        #expect(XMLParser(data: Data(r.stdout.utf8)).parse(), "stdout is not one XML document")
        #expect(r.stderr.contains("descriptors.strings") && r.stderr.contains("passed"), "the table, on stderr: \(r.stderr)")

        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let started = Date()
        let unwritable = try cli(["validate", yahoo, "--junit", dir.path + "/no/such/folder/report.xml"])
        expectError(unwritable, status: 5, "Error: --junit \(dir.path)/no/such/folder/report.xml: cannot write")
        #expect(unwritable.stdout.isEmpty, "checks ran before the report was found unwritable: \(unwritable.stdout)")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test("a failed write to stdout fails the command with status 5, whatever the command")
    func fullDisk() throws {
        for arguments in [["list"], ["list", "--json"], ["info", "yelp"], ["run", "yelp", "--no-live", "--refresh", "0.3"],
                          ["validate", "--list-checks"], ["render", "yelp", "--out", "-", "--format", "png"],
                          ["--help"], ["help", "run"], ["--version"]] {
            let r = try cli(arguments, stdout: "/dev/full")
            expectError(r, status: 5, "Error: stdout: cannot write: No space left on device")
        }
    }

    @Test("--out to a full device, written in place: status 5 and the C library's reason, for stills and movies", arguments: ["png", "svg", "webp"])
    func fullDevice(format: String) throws {
        let r = try cli(["render", "yelp", "--out", "/dev/full", "--format", format])
        expectError(r, status: 5, "Error: /dev/full: cannot write: No space left on device")
    }

    @Test("a reader that goes away (| head) ends the command with 141 and no message, --frames-json - too")
    func brokenPipe() throws {
        // Outputs larger than a pipe holds, so the writer is still writing when head leaves.
        for arguments in [["run", "yelp", "--frames-json", "-"], ["render", "yelp", "--out", "-", "--format", "gif"]] {
            let command = ([TestPaths.cli] + arguments).map(shellQuoted).joined(separator: " ")
            // The shell reports the status of the command before the pipe; stderr (the timeline) is dropped.
            let r = try runProcess("/bin/bash", ["-c", "set -o pipefail; \(command) 2>/tmp/refresh-host-pipe-$$.err | head -c 10 >/dev/null; "
                + "status=$?; grep -h 'Error' /tmp/refresh-host-pipe-$$.err; rm -f /tmp/refresh-host-pipe-$$.err; exit $status"],
                                   environment: ["HOME": NSTemporaryDirectory() + "refresh-host-contract-home", "PATH": "/usr/bin:/bin"])
            #expect(r.status == 141, "\(arguments): status \(r.status)")
            #expect(r.stdout.isEmpty, "\(arguments): \(r.stdout)")
        }
    }

    @Test("not found is status 3, with the near miss suggested; a style id is enough for validate")
    func lookups() throws {
        let r = try cli(["run", "yelpp", "--no-live"])
        expectError(r, status: 3, "Error: no style 'yelpp' (did you mean 'yelp'?)")
        expectError(try cli(["info", "snap"]), status: 3, "Error: no style 'snap' (did you mean 'snapchat'?)")
        expectError(try cli(["validate", "/no/such.so"]), status: 3, "Error: /no/such.so: no such file")
        let byID = try cli(["validate", "yahoo", "--only", "descriptors"])
        #expect(byID.status == 0, "\(byID.stderr)")
        #expect(byID.stdout.contains("libYahooStyle.so") && byID.stdout.contains("descriptors.placeholder-id  passed"))
    }

    /// As a user without root's power over permissions: root reads and writes any folder, so as root the
    /// command runs as nobody (setpriv), and the folders it must fail on are made unreadable or read-only.
    func unprivileged(_ arguments: [String], home: String) throws -> ProcessResult {
        let env = ["HOME": home, "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": home + "/cache"]
        guard getuid() == 0 else { return try runProcess(TestPaths.cli, arguments, environment: env) }
        return try runProcess("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", TestPaths.cli] + arguments,
                              environment: env)
    }

    @Test("the search path holds what the user named: an empty --plugin-path is refused, an unreadable folder is said")
    func pluginPaths() throws {
        expectError(try cli(["list", "--plugin-path", ""]), status: 2,
                    "Error: --plugin-path '': an empty path; name a folder or a .so (. for the current folder) (see 'refresh-host list --help')")
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let unreadable = dir.path + "/unreadable"
        try FileManager.default.createDirectory(atPath: unreadable, withIntermediateDirectories: false)
        #expect(chmod(unreadable, 0o000) == 0)
        let r = try unprivileged(["list", "--plugin-path", unreadable], home: dir.path + "/home")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "warning: --plugin-path \(unreadable): cannot read the folder (Permission denied); no plugins from it\n")
        #expect(r.stdout.contains("com.refreshhost.yelp"))
    }

    @Test("new: a missing --from file is not found (3), a folder it cannot write is an output failure (5)")
    func newStatuses() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        expectError(try cli(["new", "Foo", "--from", dir.path + "/nope.json", "--dir", dir.path + "/Foo"]), status: 3,
                    "Error: --from \(dir.path)/nope.json: no such file or folder")
        let readOnly = dir.path + "/readonly"
        try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: false)
        #expect(chmod(readOnly, 0o555) == 0)
        for arguments in [["new", "Bar", "--lang", "c", "--dir", readOnly + "/Bar"],
                          ["new", "Bar", "--from", TestPaths.repository + "/Plugins/Lottie/styles/bloom.json", "--dir", readOnly + "/Bar"]] {
            let r = try unprivileged(arguments, home: dir.path + "/home")
            expectError(r, status: 5, "Error: cannot create folder '\(readOnly)/Bar': Permission denied")
        }
    }

    @Test("validate --list-checks --json prints the catalogue as JSON; --markdown and --json together are refused")
    func listChecks() throws {
        let r = try cli(["validate", "--list-checks", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["kind"] as? String == "checks")
        #expect(((object["checks"] as? [[String: Any]]) ?? []).contains { $0["id"] as? String == "descriptors.placeholder-id" })
        expectError(try cli(["validate", "--list-checks", "--json", "--markdown"]), status: 2, "Error: --markdown and --json")
    }

    @Test("validate warns about a copy whose id another plugin has, and about a placeholder id; new refuses our prefix")
    func ids() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let copy = dir.path + "/libCopy.so"
        try FileManager.default.copyItem(atPath: TestPaths.bundledPlugin("libYahooStyle.so"), toPath: copy)
        let shadowed = try cli(["validate", copy, "--only", "descriptors.strings"])
        #expect(shadowed.status == 0)
        #expect(shadowed.stderr.hasPrefix("warning: com.refreshhost.yahoo is shadowed by ") && shadowed.stderr.contains("libYahooStyle.so"),
                "\(shadowed.stderr)")

        let placeholder = try Fixture.build("valid_minimal", into: dir.path, output: "Placeholder",
                                            extraFlags: ["-DFIXTURE_ID=\"com.example.bubbles\""])
        let report = try cli(["validate", placeholder, "--only", "descriptors.placeholder-id"])
        #expect(report.stdout.contains("descriptors.placeholder-id  warning") && report.stdout.contains("com.example.bubbles"),
                "\(report.stdout)")

        expectError(try cli(["new", "Bubbles", "--lang", "c", "--dir", dir.path + "/new", "--id", "com.refreshhost.bubbles"]),
                    status: 2, "Error: --id 'com.refreshhost.bubbles': com.refreshhost.* is RefreshHost's own prefix")
        let made = try cli(["new", "Bubbles", "--lang", "c", "--dir", dir.path + "/new2"])
        #expect(made.status == 0 && made.stderr.contains("warning: the id com.example.bubbles is a placeholder"), "\(made.stderr)")
    }
}
