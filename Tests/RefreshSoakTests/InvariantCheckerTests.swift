import RefreshHostController
import RefreshSession
import RefreshSoak
import Testing

/// The soak's checker on frames made by hand: each invariant, broken once, is reported, and a
/// legal refresh is not.
@Suite struct InvariantCheckerTests {
    static func frame(_ t: Double, _ state: RefreshState, pull: Double = 0, touching: Bool = false,
                      events: [RefreshEvent] = [], headerTop: Double = 0) -> SessionFrame {
        var frame = SessionFrame(time: t, until: t, state: state, pull: pull, headerTop: headerTop, list: ListPlacement(offset: pull),
                                 cycle: 0, totalCycles: 0, isTouching: touching, layers: [])
        frame.events = events.map { SessionEvent(time: t, event: $0) }
        return frame
    }

    @Test("a whole refresh, pulled and programmatic, breaks nothing and ends as it began")
    func legal() {
        var c = InvariantChecker(styleHeight: 60, maxPull: 300)
        #expect(c.check(Self.frame(0.1, .pulling, pull: 30, touching: true, events: [.touched, .stateChanged(from: .idle, to: .pulling)])).isEmpty)
        #expect(c.check(Self.frame(0.2, .armed, pull: 90, touching: true, events: [.stateChanged(from: .pulling, to: .armed)])).isEmpty)
        #expect(c.check(Self.frame(0.3, .refreshing, pull: 80, events: [.stateChanged(from: .armed, to: .refreshing),
                                                                        .didStart(programmatic: false)])).isEmpty)
        #expect(c.check(Self.frame(4, .refreshing, pull: 60)).isEmpty)
        #expect(c.check(Self.frame(5, .idle, events: [.endRequested(cycleInFlight: 2), .result(.success),
                                                    .stateChanged(from: .refreshing, to: .exiting), .didEnd,
                                                    .stateChanged(from: .exiting, to: .resetting),
                                                    .stateChanged(from: .resetting, to: .idle)])).isEmpty)
        #expect(c.closing().isEmpty && c.begins == 1 && c.ends == 1)
    }

    @Test("an illegal change, a change from the wrong state, and a frame that disagrees are each reported")
    func stateMachine() {
        var c = InvariantChecker(styleHeight: 60, maxPull: 300)
        #expect(c.check(Self.frame(0.1, .exiting, events: [.stateChanged(from: .idle, to: .exiting)]))
            == ["an illegal change idle -> exiting"])
        #expect(c.check(Self.frame(0.2, .idle, events: [.stateChanged(from: .pulling, to: .idle)]))
            == ["a change from pulling while the state was exiting"])
        #expect(c.check(Self.frame(0.3, .armed)) == ["the frame says armed, its changes led to idle"])
    }

    @Test("a pull out of bounds or not finite, geometry not finite")
    func bounds() {
        var c = InvariantChecker(styleHeight: 60, maxPull: 300)
        #expect(c.check(Self.frame(0.1, .idle, pull: -1)) == ["pull -1.0 outside 0...360.0"])
        #expect(c.check(Self.frame(0.2, .idle, pull: 361)) == ["pull 361.0 outside 0...360.0"])
        #expect(c.check(Self.frame(0.3, .idle, pull: .nan)).count == 2)  // the pull, and the list's offset that follows it
        #expect(c.check(Self.frame(0.4, .idle, headerTop: .infinity)) == ["header top inf"])
    }

    @Test("two starts without an end, an end without a start, and a refresh that does not rest at its inset")
    func beginsAndEnds() {
        var c = InvariantChecker(styleHeight: 60, maxPull: 300)
        _ = c.check(Self.frame(0.1, .refreshing, pull: 60, events: [.stateChanged(from: .idle, to: .refreshing), .didStart(programmatic: true)]))
        #expect(c.check(Self.frame(0.2, .refreshing, pull: 60, events: [.didStart(programmatic: true)]))
            == ["a refresh started while one was running"])
        #expect(c.check(Self.frame(3.5, .refreshing, pull: 20)).first?.hasPrefix("refreshing untouched for") == true)
        #expect(!c.closing().isEmpty)
        var d = InvariantChecker(styleHeight: 60, maxPull: 300)
        #expect(d.check(Self.frame(0.1, .idle, events: [.didEnd])) == ["a refresh ended that had not started"])
        #expect(d.check(Self.frame(0.2, .idle, events: [.result(.success)])) == ["result: success with no refresh running"])
    }

    @Test("the memory trend: a flat series with noise is flat, a steady climb is not")
    func trend() {
        let flat = (0..<50).map { (step: $0 * 1000, bytes: 50 << 20 + ($0 % 3) * 4096) }
        let climbing = (0..<50).map { (step: $0 * 1000, bytes: 50 << 20 + $0 * 100_000) }
        #expect(MemoryTrend().isFlat(flat))
        #expect(!MemoryTrend().isFlat(climbing))
    }

    @Test("a disabled control that starts a refresh, or keeps one it was running, is reported; enabled again, it may start")
    func disabled() {
        var c = InvariantChecker(styleHeight: 60, maxPull: 300)
        c.setEnabled(false, at: 0.1)
        #expect(c.check(Self.frame(0.2, .refreshing, pull: 60, events: [.stateChanged(from: .idle, to: .refreshing),
                                                                        .didStart(programmatic: true)]))
            == ["a refresh started while the control was disabled"])
        #expect(c.check(Self.frame(5, .refreshing, pull: 60)).isEmpty)
        #expect(c.check(Self.frame(10.2, .refreshing, pull: 60)).first?.hasPrefix("disabled for 10.1") == true)
        #expect(c.check(Self.frame(10.3, .refreshing, pull: 60)).isEmpty)  // once per disabling
        #expect(c.disables == 1 && c.disabledRefreshes == 0)
        var d = InvariantChecker(styleHeight: 60, maxPull: 300)
        _ = d.check(Self.frame(0.1, .refreshing, pull: 60, events: [.stateChanged(from: .idle, to: .refreshing), .didStart(programmatic: true)]))
        d.setEnabled(false, at: 0.2)
        d.setEnabled(false, at: 0.3)  // no change, not another disabling
        #expect(d.disables == 1 && d.disabledRefreshes == 1)
        #expect(d.check(Self.frame(1, .idle, events: [.endRequested(cycleInFlight: 1), .result(.success),
                                                    .stateChanged(from: .refreshing, to: .exiting), .didEnd,
                                                    .stateChanged(from: .exiting, to: .resetting),
                                                    .stateChanged(from: .resetting, to: .idle)])).isEmpty)
        d.setEnabled(true, at: 1.1)
        #expect(d.check(Self.frame(1.2, .refreshing, pull: 60, events: [.stateChanged(from: .idle, to: .refreshing),
                                                                        .didStart(programmatic: true)])).isEmpty)
    }
}
