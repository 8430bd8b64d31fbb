import Testing
@testable import RefreshLayers

/// One advance does a bounded amount of chained work: an action that
/// reschedules itself at the same instant cannot keep an advance going for ever.
struct TimelineBoundTests {
    @Test func aSelfReschedulingActionRunsChainLimitTimesPerAdvance() {
        let timeline = Timeline()
        var runs = 0
        var reports: [Int] = []
        timeline.onChainLimit = { reports.append($0) }
        func again() { runs += 1; timeline.schedule(at: timeline.now, again) }
        timeline.schedule(at: 0.5, again)
        timeline.advance(to: 1)
        // The first run was scheduled before the advance; the chain adds chainLimit more.
        #expect(runs == 1 + Timeline.defaultChainLimit)
        #expect(timeline.now == 1)
        #expect(timeline.pendingCount == 1)
        #expect(reports == [1])
        timeline.advance(to: 2)
        #expect(runs == 2 + 2 * Timeline.defaultChainLimit)  // the leftover was pending before the second advance
        #expect(reports == [1, 2])
        #expect(timeline.deferredAdvances == 2)
    }

    @Test func actionsPendingBeforeTheAdvanceAlwaysRun() {
        let timeline = Timeline()
        timeline.chainLimit = 3
        var runs = 0
        for i in 0..<10 { timeline.schedule(at: Double(i) / 100) { runs += 1 } }
        timeline.advance(to: 1)
        #expect(runs == 10)
        #expect(timeline.deferredAdvances == 0)
    }

    @Test func chainsUnderTheLimitRunInTheSameAdvance() {
        let timeline = Timeline()
        timeline.chainLimit = 5
        var times: [Double] = []
        func step() {
            times.append(timeline.now)
            if times.count < 5 { timeline.schedule(at: timeline.now + 0.1, step) }
        }
        timeline.schedule(at: 0, step)
        timeline.advance(to: 1)
        #expect(times.count == 5)
        #expect(timeline.deferredAdvances == 0)
    }

    @Test func aZeroDurationBlockLoopIsBounded() throws {
        let tree = LayerTree(timeline: Timeline())
        let layer = try tree.createLayer(kind: .rect, parent: nil)
        var runs = 0
        func start() {
            try? tree.beginAnimation(Timing(duration: 0))
            try? tree.set(.opacity, runs % 2 == 0 ? 0.5 : 1, on: layer)
            try? tree.commitAnimation { _ in runs += 1; start() }
        }
        start()
        tree.timeline.advance(to: 1 / 60)
        #expect(runs == 1 + Timeline.defaultChainLimit)  // the first completion was pending before the advance
    }

    @Test func tinyDurationsAreBounded() throws {
        #expect(Timing(duration: Double.leastNonzeroMagnitude).bounded.duration == 0)
        #expect(Timing(duration: 0.002).bounded.duration == 0.002)
        let basic = BasicAnimation(property: .rotation, from: 0, to: 1, duration: Double.leastNonzeroMagnitude)
        #expect(basic.validationError != nil)
        let fewPasses = BasicAnimation(property: .rotation, from: 0, to: 1, duration: 0.01, repeatCount: 1e-300)
        #expect(fewPasses.validationError != nil)
        #expect(BasicAnimation(property: .rotation, from: 0, to: 1, duration: 0.001).validationError == nil)
    }

    @Test func pathNumbersAreBoundedAndLongArcsShortened() throws {
        let tree = LayerTree(timeline: Timeline())
        let layer = try tree.createLayer(kind: .path, parent: nil)
        #expect(throws: LayerError.self) {
            try tree.setPath([.arc(cx: 0, cy: 0, radius: 10, startAngle: 0, endAngle: 1e300)], on: layer)
        }
        #expect(throws: LayerError.self) {
            try tree.setPath([.arc(cx: 0, cy: 0, radius: 1e7, startAngle: 0, endAngle: 1)], on: layer)
        }
        let sweep = 2 * Double.pi * 1000 + 1
        let shortened = try tree.setPath([.arc(cx: 0, cy: 0, radius: 10, startAngle: 0, endAngle: sweep)], on: layer)
        #expect(shortened == 1)
        guard case let .arc(_, _, _, a0, a1) = try tree.path(of: layer)[0] else { Issue.record("no arc"); return }
        #expect(a0 == 0)
        #expect(abs(a1 - (2 * Double.pi + 1)) < 1e-9)
        let plain = try tree.setPath([.arc(cx: 0, cy: 0, radius: 10, startAngle: 1, endAngle: 7)], on: layer)
        #expect(plain == 0)
    }
}

extension TimelineBoundTests {
    @Test func aRunawayChainDoesNotHoldBackActionsPendingBeforeTheAdvance() {
        let timeline = Timeline()
        timeline.chainLimit = 10
        var cycleEnd: Double?
        func again() { timeline.schedule(at: timeline.now, again) }
        timeline.schedule(at: 0.1, again)
        timeline.schedule(at: 0.5) { cycleEnd = timeline.now }
        timeline.advance(to: 1)
        #expect(cycleEnd == 0.5)
        #expect(timeline.deferredAdvances == 1)
    }
}
