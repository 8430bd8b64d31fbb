import RefreshHostController
import RefreshHostLoader
import Testing

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

    /// `refresh-host validate LIBRARY --strictness 10`, through the real CLI: every check passes, no warning.
    static func expectPassesStrictValidation(_ library: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let validated = try runProcess(TestPaths.cli, ["validate", library, "--strictness", "10"])
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)", sourceLocation: sourceLocation)
        // The examples keep the placeholder com.example.* ids a reader replaces: that is the one warning.
        #expect(validated.stdout.contains(" 1 warning, 0 failed, 0 crashed, 0 timed out"), "\(validated.stdout)",
                sourceLocation: sourceLocation)
        let row = validated.stdout.split(separator: "\n").first { $0.hasPrefix("descriptors.placeholder-id ") }
        #expect(row?.contains(" warning ") == true, "\(validated.stdout)", sourceLocation: sourceLocation)
    }
}
