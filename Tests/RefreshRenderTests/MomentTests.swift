import RefreshSession
import RefreshRender
import Testing

/// The named moments of a real run, against what the styles and the controller promise.
@Suite struct MomentTests {
    @Test func yahooMomentsFollowTheLifecycle() throws {
        let yahoo = try StyleRecording("yahoo")
        let m = try yahoo.moments()
        // Default gesture: pull to 135 over 0.6 s, release, refresh 2.5 s; cycles of 0.9 s.
        #expect(m.release == 0.6)
        let threshold = try #require(m.threshold)
        #expect(threshold > 0 && threshold < 0.6)
        #expect(m.cycles.count == 3)
        for (i, c) in m.cycles.enumerated() {
            #expect(abs(c.end - c.start - 0.9) < 1e-9, "cycle \(i + 1)")
            #expect(try Moment.cycle(i + 1).time(in: m) == (c.start + c.end) / 2)
        }
        let exitStart = try #require(m.exitStart), exitEnd = try #require(m.exitEnd), reset = try #require(m.reset)
        #expect(exitStart == m.cycles[2].end)
        #expect(abs(exitEnd - exitStart - 1.0) < 1e-9, "Yahoo's exit takes 1 s")
        #expect(abs(reset - exitEnd - 0.5) < 1e-9)
        #expect(m.end >= reset)
    }

    @Test func theThresholdIsWhereThePullReachesTheHeight() throws {
        for style in ["yelp", "snapchat", "yikyak", "yahoo", "appcoda", "colorchange", "yalantis", "periscope"] {
            let recording = try StyleRecording(style)
            let (_, pull, _) = try recording.frame(.threshold)
            #expect(abs(pull - recording.height) < 1e-6, "\(style): \(pull)")
        }
    }

    @Test func momentsThatNeverHappenSaySo() throws {
        var options = RecordingOptions()
        options.gesture.start = .programmatic
        let programmatic = try StyleRecording("snapchat", options: options)
        let m = try programmatic.moments()
        #expect(throws: SessionFailure.self) { try Moment.release.time(in: m) }
        #expect(throws: SessionFailure.self) { try Moment.threshold.time(in: m) }
        #expect(Moment.defaultStill(in: m) == (try Moment.cycle(1).time(in: m)))
        options = RecordingOptions()
        options.gesture.pullDistance = 50
        let short = try StyleRecording("snapchat", options: options)
        let s = try short.moments()
        #expect(s.cycles.isEmpty && s.exitStart == nil)
        #expect(Moment.defaultStill(in: s) == s.release)
    }

    @Test func namesParse() {
        #expect(Moment("threshold") == .threshold)
        #expect(Moment("cycle:3") == .cycle(3))
        #expect(Moment("exit-end") == .exitEnd)
        #expect(Moment("1.25") == .seconds(1.25))
        #expect(Moment("cycle:0") == nil)
        #expect(Moment("-1") == nil)
        #expect(Moment("later") == nil)
    }
}
