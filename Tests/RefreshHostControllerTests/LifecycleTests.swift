import RefreshHostController
import RefreshPluginRuntime
import Testing

/// Every bundled style, driven through the default gesture, gets its
/// callbacks in the order the originals use.
@Suite struct LifecycleTests {
    static let styles = ["yelp", "snapchat", "yikyak", "yahoo", "appcoda", "colorchange", "yalantis", "periscope",
                         "material", "storehouse", "waterdrop"]

    @Test("callbacks arrive in the originals' order", arguments: styles)
    func callOrder(style: String) throws {
        let s = try Session(style)
        // Long enough for a second cycle to start, whatever the cycle's length (Periscope's is 3 s).
        var gesture = Gesture()
        gesture.refreshDuration = max(gesture.refreshDuration, 1.5 * s.animator.metrics.cycleDuration)
        s.run(gesture)
        s.close()
        let names = s.calls.map(\.function).filter { $0 != .completion }
        #expect(names.first == .setup)
        #expect(names.last == .destroy)

        // The states, as the events saw them and as the plugin was told.
        let told = s.calls.filter { $0.function == .stateChanged }.map { $0.record.arguments.map(\.description).suffix(2) }
        let seen = s.events.compactMap { e -> [String]? in
            if case let .stateChanged(from, to) = e.event { return ["\(from.rawValue)", "\(to.rawValue)"] }
            return nil
        }
        // Optional callbacks a style leaves NULL are simply not called (Yahoo has no state_changed).
        #expect(told.isEmpty || told.map(Array.init) == seen)
        let states = s.events.compactMap { e -> RefreshState? in
            if case let .stateChanged(_, to) = e.event { return to }
            return nil
        }
        #expect(states == [.pulling, .armed, .refreshing, .exiting, .resetting, .idle])

        // pull only before the refresh (plus the anchor snap's one call), never while refreshing.
        let refreshStart = try #require(s.time(of: { $0 == .didStart(programmatic: false) }))
        let resetTime = try #require(s.time(of: { $0 == .didReset }))
        let pullsDuringRefresh = s.calls.filter { $0.function == .pull && $0.time > refreshStart && $0.time < resetTime }
        #expect(pullsDuringRefresh.isEmpty)

        // Each cycle is setup_for_cycle then cycle (those the style implements;
        // Periscope's slide runs on its own), as many as the events counted.
        let cycleCalls = names.filter { $0 == .setupForCycle || $0 == .cycle }
        let cycles = s.times(of: \.isDidStartCycle).count
        #expect(cycles >= 2)
        let perCycle = [PluginFunction.setupForCycle, .cycle].filter { s.animator.implements($0) }
        #expect(cycleCalls == Array(repeating: perCycle, count: cycles).flatMap { $0 })
        // exit (ABI 1.3: exit_with_result, in its place) after the last cycle,
        // reset after exit, destroy last. A style with no exit animation (a
        // NULL exit, as ColorChange's success) is not called.
        let lastCycle = perCycle.last.flatMap { names.lastIndex(of: $0) } ?? 0
        let reset = try #require(names.firstIndex(of: .reset))
        let exitFunction: PluginFunction = s.animator.implements(.exitWithResult) ? .exitWithResult : .exit
        if s.animator.implements(exitFunction) {
            let exit = try #require(names.firstIndex(of: exitFunction))
            #expect(lastCycle < exit && exit < reset)
            #expect(!names.contains(exitFunction == .exit ? .exitWithResult : .exit), "one of the two, never both")
        } else {
            #expect(!names.contains(.exit) && lastCycle < reset)
        }
        #expect(reset < names.count - 1)
        #expect(s.controller.state == .idle)
        #expect(s.log.entries.filter { $0.kind != .plugin }.isEmpty, "host reported: \(s.log.entries)")
    }

    @Test("the refresh starts when the finger lifts past the height, and cycles keep their cadence",
          arguments: styles)
    func cadence(style: String) throws {
        let s = try Session(style)
        s.run()
        let m = s.animator.metrics
        let release = try #require(s.time(of: { if case .released(_, true) = $0 { true } else { false } }))
        #expect(close(release, 0.6))
        let starts = s.times(of: \.isDidStartCycle)
        let period = m.cycleDuration + m.cycleDelay
        for (i, t) in starts.enumerated() { #expect(close(t, release + Double(i) * period, 1e-9)) }
        // The end request at 0.6 + 2.5 lets the cycle in flight finish: the exit starts at its end.
        let endRequest = 0.6 + 2.5
        let inFlight = starts.last!
        #expect(inFlight <= endRequest && endRequest < inFlight + period)
        let exitStart = try #require(s.time(of: { $0 == .exitStarted }))
        #expect(close(exitStart, inFlight + period, 1e-9))
        s.close()
    }

    @Test("an immediate end still shows one full cycle", arguments: styles)
    func immediateEnd(style: String) throws {
        let s = try Session(style)
        var gesture = Gesture()
        gesture.refreshDuration = 0
        s.run(gesture)
        #expect(s.times(of: \.isDidStartCycle).count == 1)
        let exit = try #require(s.time(of: { $0 == .exitStarted }))
        #expect(close(exit, 0.6 + s.animator.metrics.cycleDuration + s.animator.metrics.cycleDelay, 1e-9))
        #expect(s.controller.state == .idle)
        s.close()
    }

    @Test("repeated refreshes work, programmatic and by pull", arguments: styles)
    func repeated(style: String) throws {
        let s = try Session(style)
        let initial = s.animator.layerCount
        for i in 0..<3 {
            var gesture = Gesture()
            gesture.startTime = s.now + 0.1
            gesture.start = i == 1 ? .programmatic : .pull
            gesture.refreshDuration = 1
            s.run(gesture)
            #expect(s.controller.state == .idle)
        }
        #expect(s.times(of: { $0 == .didEnd }).count == 3)
        #expect(s.times(of: { $0 == .didReset }).count == 3)
        #expect(s.times(of: { if case .didStart = $0 { true } else { false } }).count == 3)
        #expect(s.log.entries.filter { $0.kind != .plugin }.isEmpty)
        // Nothing piles up across refreshes: the tree is back to its size after setup.
        let after = s.animator.layerCount
        #expect(s.animator.animationCount == 0)
        s.close()
        #expect(after == initial && after >= 1)
        #expect(s.tree.layerCount == 0)
    }
}
