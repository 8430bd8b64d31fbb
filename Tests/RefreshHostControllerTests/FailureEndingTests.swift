import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import Testing

/// ABI 1.3's results, in the bundled styles: each ends a failed refresh its
/// own way (the exit's layers differ from a successful one's), still calls
/// done, and the validator's lifecycle.reset-restores checks that either
/// ending cleans up.
@Suite struct FailureEndingTests {
    static let styles = ["yelp", "snapchat", "yikyak", "yahoo", "appcoda", "colorchange", "yalantis", "periscope",
                         "material", "storehouse", "waterdrop"]

    /// The visible layers `after` seconds into the exit of a run ending with `kind`, and the exit's length.
    func exit(_ style: String, _ kind: RefreshResult.Kind, after: Double) throws -> ([LayerSnapshot], Double?) {
        let s = try Session("com.refreshhost." + style)
        defer { s.close() }
        var gesture = Gesture()
        gesture.result = RefreshResult(kind)
        gesture.schedule(on: s.controller)
        while s.time(of: { $0 == .exitStarted }) == nil && s.now < 20 { s.advance(to: s.now + 1 / s.fps) }
        let start = try #require(s.time(of: { $0 == .exitStarted }), "\(style): no exit")
        s.advance(to: start + after)
        let snapshot = s.snapshot()
        while s.controller.state != .idle && s.now < start + 10 { s.advance(to: s.now + 1 / s.fps) }
        let done = s.events.compactMap { if case let .exitDone(after) = $0.event { after } else { nil } }.first
        return (snapshot, done)
    }

    @Test("a failure ends differently from a success, and its done arrives", arguments: styles)
    func failureEnding(style: String) throws {
        let (success, successDone) = try exit(style, .success, after: 0.15)
        let (failure, failureDone) = try exit(style, .failure, after: 0.15)
        #expect(successDone != nil && failureDone != nil, "\(style): done after success \(String(describing: successDone)), failure \(String(describing: failureDone))")
        let differs = success != failure  // not in the #expect: it would print both trees
        #expect(differs, "\(style): the failed refresh's exit looks like the successful one's")
    }
}
