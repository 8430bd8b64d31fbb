import RefreshHostController
import RefreshPluginRuntime
import Testing
import RefreshDiscovery

/// What every example plugin a reader may copy (README, guide, Rust) must do.
enum ExamplePlugins {
    /// Runs `gesture` on `style` from `library` through a real controller: it
    /// must come back to idle after `cycles` cycles, call done, and give the
    /// host nothing to report.
    static func expectCleanRun(_ style: String, library: String, gesture: Gesture = Gesture(), cycles: ClosedRange<Int>,
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let s = try Session(style, directories: [SearchDirectory(library, .option)])
        defer { s.close() }
        s.run(gesture)
        #expect(s.controller.state == .idle, sourceLocation: sourceLocation)
        let started = s.times(of: \.isDidStartCycle).count
        #expect(cycles.contains(started), "\(started) cycles", sourceLocation: sourceLocation)
        #expect(s.time(of: \.isExitDone) != nil, sourceLocation: sourceLocation)
        #expect(s.log.entries.isEmpty, "\(s.log.entries)", sourceLocation: sourceLocation)
    }

    /// `refresh-host validate LIBRARY --strictness 10`, through the real CLI: nothing fails, and the
    /// only warnings are `expectedWarnings` (by check id).
    ///
    /// `budgets.callback-time` times calls against a 1 ms budget. On a shared machine a debug host's
    /// call can brush that budget whatever the plugin does (measured: 1.18-1.21 ms for ~10-100 calls
    /// under load), so its warning is never held against an example; its failure still is.
    static func expectPassesStrictValidation(_ library: String, expectedWarnings: Set<String> = ["descriptors.placeholder-id"],
                                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let validated = try runProcess(TestPaths.cli, ["validate", library, "--strictness", "10"])
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)", sourceLocation: sourceLocation)
        #expect(validated.stdout.contains(" 0 failed, 0 crashed, 0 timed out"), "\(validated.stdout)",
                sourceLocation: sourceLocation)
        // Result rows are "<check id>  <status>  ..." at the start of a line.
        let warned = Set(validated.stdout.split(separator: "\n").compactMap { row -> String? in
            let words = row.split(separator: " ", omittingEmptySubsequences: true)
            return words.count > 1 && words[1] == "warning" && !row.hasPrefix(" ") ? String(words[0]) : nil
        })
        #expect(warned.subtracting(["budgets.callback-time"]) == expectedWarnings, "\(validated.stdout)",
                sourceLocation: sourceLocation)
    }
}
