import Foundation
import RefreshValidation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The command itself: usage errors, the table, JUnit, seeds, --in-process.
@Suite struct ValidateCLITests {
    func cli(_ arguments: [String]) throws -> ProcessResult {
        try runProcess(TestPaths.cli, arguments, environment: ["HOME": NSTemporaryDirectory(), "PATH": "/usr/bin:/bin"])
    }

    /// Exit status 2, one line on stderr naming the value, no Swift crash report.
    func expectUsageError(_ r: ProcessResult, mentions text: String, status: Int32 = 2,
                          sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.status == status, "status \(r.status)", sourceLocation: sourceLocation)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.contains(text), "stderr: \(r.stderr)", sourceLocation: sourceLocation)
        #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("Stack dump"), sourceLocation: sourceLocation)
    }

    @Test("bad input: one line on stderr, exit status 2 for a bad option, 3 for a file that is not there or not a plugin")
    func usageErrors() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let text = dir.path + "/notes.so"
        try "not a plugin".write(toFile: text, atomically: true, encoding: .utf8)
        let yahoo = TestPaths.bundledPlugin("libYahooStyle.so")
        expectUsageError(try cli(["validate", dir.path + "/missing.so"]), mentions: "missing.so: no such file", status: 3)
        expectUsageError(try cli(["validate", text]), mentions: "notes.so: not a shared object", status: 3)
        expectUsageError(try cli(["validate", yahoo, "--strictness", "11"]), mentions: "--strictness 11")
        expectUsageError(try cli(["validate", yahoo, "--strictness", "five"]), mentions: "--strictness five")
        expectUsageError(try cli(["validate", yahoo, "--style", "nope"]), mentions: "--style nope: no such style")
        expectUsageError(try cli(["validate", yahoo, "--only", "no.such-check"]), mentions: "--only no.such-check")
        expectUsageError(try cli(["validate", yahoo, "--seed", "x12"]), mentions: "--seed x12")
    }

    @Test("the table: a row per check, the problem's expected/actual/reproduce, the summary line")
    func table() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugin = try Fixture.build("done_twice", into: dir.path)
        let r = try cli(["validate", plugin, "--seed", "99", "--only", "lifecycle"])
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("seed 99") == true)
        #expect(lines.contains { $0.hasPrefix("lifecycle.done-once") && $0.contains("failed") })
        #expect(lines.contains { $0.hasPrefix("lifecycle.order") && $0.contains("passed") })
        #expect(lines.contains("FAILED: lifecycle.done-once"))
        #expect(lines.contains { $0.hasPrefix("  expected:  done called once per exit") })
        #expect(lines.contains { $0.hasPrefix("  reproduce: refresh-host validate") && $0.contains("--only lifecycle.done-once --seed 99") })
        #expect(lines.last == "9 passed, 0 warnings, 1 failed, 0 crashed, 0 timed out, 0 skipped")
    }

    @Test("JUnit XML: well formed, one testcase per check, a failure element for the failed one")
    func junit() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugin = try Fixture.build("v_dup_ids", into: dir.path)
        let xml = dir.path + "/report.xml"
        let r = try cli(["validate", plugin, "--junit", xml, "--only", "loading,descriptors"])
        #expect(r.status == 1)
        let data = try Data(contentsOf: URL(fileURLWithPath: xml))
        let counter = ElementCounter()
        let parser = XMLParser(data: data)
        parser.delegate = counter
        #expect(parser.parse(), "not well-formed XML")
        #expect(counter.counts["testcase"] == Catalogue.matching("loading,descriptors").count)
        #expect(counter.counts["failure"] == 1)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("name=\"descriptors.unique-ids\" time=") && text.contains("<failure type=\"failed\""))
    }

    @Test("a fuzz failure prints its seed, and --seed replays it exactly")
    func seedReplay() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugin = try Fixture.build("v_unknown_layer", into: dir.path)
        let first = try ValidateRun([plugin, "--only", "fuzzing.gestures"])
        let seed = first.seed
        let gesture = try #require(first.result("fuzzing.gestures")?["gesture"] as? String)
        #expect(gesture.hasPrefix("seed \(seed), round "))
        let again = try ValidateRun([plugin, "--only", "fuzzing.gestures", "--seed", seed])
        #expect(again.result("fuzzing.gestures")?["gesture"] as? String == gesture)
        #expect(again.result("fuzzing.gestures")?["actual"] as? String == first.result("fuzzing.gestures")?["actual"] as? String)
    }

    @Test("checks above --strictness are skipped with the reason; --list-checks prints the catalogue")
    func strictnessAndList() throws {
        let run = try ValidateRun([TestPaths.bundledPlugin("libYahooStyle.so"), "--strictness", "1", "--only", "budgets"])
        #expect(run.statuses.map(\.status) == ["skipped", "skipped", "skipped"])
        #expect(run.result("budgets.callback-time")?["detail"] as? String == "level 6, above strictness 1")
        let list = try cli(["validate", "--list-checks"])
        #expect(list.status == 0)
        for check in Catalogue.checks { #expect(list.stdout.contains("\(check.id)  (\(check.group.rawValue), level \(check.level))")) }
        let markdown = try cli(["validate", "--list-checks", "--markdown"])
        #expect(markdown.stdout == Catalogue.markdown + "\n")
    }

    @Test("--style picks one style of a library, by id or short name")
    func style() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugin = try Fixture.build("two_styles", into: dir.path)
        let beta = try ValidateRun([plugin, "--style", "beta", "--only", "lifecycle.order"])
        #expect(beta.status == 0)
        #expect((beta.result("lifecycle.order")?["detail"] as? String)?.hasPrefix("test.fixture.beta:") == true)
        let both = try ValidateRun([plugin, "--only", "lifecycle.order"])
        let detail = try #require(both.result("lifecycle.order")?["detail"] as? String)
        #expect(detail.contains("test.fixture.alpha:") && detail.contains("test.fixture.beta:"))
        let yelp = try ValidateRun([TestPaths.bundledPlugin("libYelpStyle.so"), "--style", "Yelp", "--only", "lifecycle.order"])
        #expect(yelp.status == 0)
    }

    @Test("--in-process runs the same checks in one process")
    func inProcess() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugin = try Fixture.build("done_twice", into: dir.path)
        let run = try ValidateRun([plugin, "--in-process", "--seed", "3"])
        #expect(run.status(of: "lifecycle.done-once") == "failed")
        #expect(run.statuses.map(\.id) == Catalogue.checks.map(\.id))
        #expect(run.status == 1)
    }
}

/// Counts elements by name while XMLParser checks well-formedness.
final class ElementCounter: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        counts[name, default: 0] += 1
    }
}
