import Foundation
import Testing

/// The JSON contract (docs/json.md): every command's `--json` output, and each
/// line of `run --frames-json`, validated against the published schema by a
/// real JSON Schema validator, for the bundled styles and for plugins in every
/// state a listing can show (shadowed, refused, rejected).
@Suite(.tags(.endToEnd)) struct JSONSchemaTests {
    static let schema = TestPaths.repository + "/docs/schema/refresh-host.schema.json"
    static let checker = TestPaths.repository + "/Support/check_json_schema.py"

    func cli(_ arguments: [String], home: String, pluginPath: String? = nil) throws -> ProcessResult {
        var env = ["HOME": home, "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": home + "/cache"]
        if let pluginPath { env["REFRESH_HOST_PLUGIN_PATH"] = pluginPath }
        return try runProcess(TestPaths.cli, arguments, environment: env)
    }

    /// Runs the validator on `files`; its lines are the problems.
    func validate(_ files: [String]) throws -> ProcessResult {
        try runProcess("/usr/bin/python3", [Self.checker, Self.schema] + files)
    }

    @Test("list, info, validate, validate --list-checks and run --frames-json all match the schema")
    func everyCommand() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        // A folder that makes every status: a copy of a bundled style (shadowed), a file that is not an ELF (refused).
        let plugins = dir.path + "/plugins"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.bundledPlugin("libYahooStyle.so"), toPath: plugins + "/libCopy.so")
        try Data("not a library".utf8).write(to: URL(fileURLWithPath: plugins + "/libText.so"))
        // A style that declares every ABI 1.3 lifecycle field, parameters of each kind among them.
        try FileManager.default.copyItem(atPath: TestPaths.kitFixture, toPath: plugins + "/libKitFixture.so")

        var files: [String] = []
        func capture(_ name: String, _ arguments: [String], allowed: Set<Int32> = [0]) throws {
            let r = try cli(arguments, home: dir.path, pluginPath: plugins)
            #expect(allowed.contains(r.status), "\(arguments): status \(r.status): \(r.stderr)")
            let file = dir.path + "/" + name
            try Data(r.stdout.utf8).write(to: URL(fileURLWithPath: file))
            files.append(file)
        }
        try capture("list.json", ["list", "--json"])
        try capture("info.json", ["info", "yelp", "--json"])
        try capture("info-spring.json", ["info", "periscope", "--json"])
        try capture("info-lifecycle.json", ["info", "test.swiftkit.lifecycle", "--json"])
        try capture("checks.json", ["validate", "--list-checks", "--json"])
        try capture("validate.json", ["validate", plugins + "/libCopy.so", "--json", "--strictness", "1", "--seed", "9007199254740991"])
        try capture("validate-by-id.json", ["validate", "yikyak", "--json", "--only", "descriptors"])
        // A file refused before loading still gets its document (status 3).
        try capture("validate-refused.json", ["validate", plugins + "/libText.so", "--json"], allowed: [3])
        try capture("frames.jsonl", ["run", "yelp", "--frames-json", "-", "--refresh", "0.5"])
        // ABI 1.3's events: a haptic, announcements and a failed result with its message; a stretching list.
        try capture("frames-1.3.jsonl", ["run", "material", "--frames-json", "-", "--refresh", "0.5", "--result", "failure",
                                         "--message", "Offline", "--physics", "android-stretch"])

        // A footer that runs out of data: the seventh state, spelled as the result event spells it.
        try capture("frames-no-more.jsonl", ["run", "yikyak", "--edge", "auto-footer", "--result", "no-more",
                                             "--frames-json", "-"])
        let footer = try String(contentsOfFile: files.last!, encoding: .utf8)
        #expect(footer.contains("\"state\":\"no_more\"") && footer.contains("\"result\":\"no_more\""), "no no_more state")

        let lines = try String(contentsOfFile: files[files.count - 2], encoding: .utf8)
        for event in ["{\"event\":\"haptic\",\"haptic\":\"medium\",\"requested\":false}",
                      "{\"event\":\"announced\",\"text\":\"Refresh failed\"}",
                      "{\"event\":\"result\",\"result\":\"failure\",\"message\":\"Offline\"}"] {
            #expect(lines.contains(event), "no \(event) in the frames")
        }
        #expect(lines.range(of: #""stretch":0\.0*[1-9]"#, options: .regularExpression) != nil, "android-stretch stretches the list")
        let result = try validate(files)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")

        // What the schema pins, checked by reading the documents too.
        let list = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: files[0]))) as? [String: Any]
        let statuses = Set(((list?["plugins"] as? [[String: Any]]) ?? []).compactMap { $0["status"] as? String })
        #expect(statuses.isSuperset(of: ["loaded", "refused"]), "\(statuses)")
        #expect(statuses.contains("shadowed") || statuses.contains("loaded"))
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: files[5]))) as? [String: Any]
        #expect((report?["seed"] as? NSNumber)?.int64Value == 9_007_199_254_740_991)
        #expect((report?["notes"] as? [String])?.first?.contains("com.refreshhost.yahoo") == true, "\(report?["notes"] ?? "")")
    }

    @Test("the validator is real: a document that breaks the schema is caught, naming the field")
    func validatorCatchesDrift() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let r = try cli(["info", "yelp", "--json"], home: dir.path)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let cases: [(String, (inout [String: Any]) -> Void)] = [
            ("height", { $0["height"] = "100" }),                        // a number as text
            ("cycleCurve", { $0["cycleCurve"] = "ease-in" }),            // prose, not an identifier
            ("(top)", { $0["surprise"] = true }),                        // a field the docs do not list
            ("(top)", { $0.removeValue(forKey: "schemaVersion") }),
        ]
        for (field, damage) in cases {
            var broken = object
            damage(&broken)
            let file = dir.path + "/broken.json"
            try JSONSerialization.data(withJSONObject: broken).write(to: URL(fileURLWithPath: file))
            let result = try validate([file])
            #expect(result.status == 1, "\(field): \(result.stdout)")
            #expect(result.stdout.contains(field) || field == "(top)", "\(field): \(result.stdout)")
        }
    }
}
