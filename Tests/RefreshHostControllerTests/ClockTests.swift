import RefreshHostController
import Testing

@Suite struct ClockTests {
    @Test("the virtual clock moves only when asked, never backwards")
    func virtualClock() {
        let clock = VirtualClock()
        #expect(clock.now == 0)
        clock.wait(until: 1.5)
        #expect(clock.now == 1.5)
        clock.wait(until: 1.0)
        #expect(clock.now == 1.5)
    }

    @Test("the monotonic clock's wait returns only once its time has come")
    func monotonicClock() {
        let clock = MonotonicClock()
        var previous = clock.now
        for step in 1...5 {
            let target = Double(step) * 0.002
            clock.wait(until: target)
            let now = clock.now
            #expect(now >= target)
            #expect(now >= previous)
            previous = now
        }
    }

    @Test("a frame loop on the real clock drives a real refresh to its end")
    func liveLoop() throws {
        let s = try Session("yelp")
        var gesture = Gesture()
        gesture.pullDuration = 0.1
        gesture.refreshDuration = 0.05
        gesture.schedule(on: s.controller)
        let clock = MonotonicClock()
        var times: [Double] = []
        FrameLoop(fps: 120, clock: clock).run(s.controller, limit: 5, stop: {
            $0.timeline.now > gesture.endTime && $0.isAtRest
        }, onFrame: { _, time in times.append(time) })
        #expect(s.controller.state == .idle)
        #expect(s.time(of: { $0 == .didEnd }) != nil)
        #expect(times == times.sorted())
        #expect(clock.now >= times.last!)
        s.close()
    }
}
