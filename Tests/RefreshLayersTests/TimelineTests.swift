import Testing
@testable import RefreshLayers

struct TimelineTests {
    @Test func sameTimeRunsFirstInFirstOut() {
        let timeline = Timeline()
        var order: [Int] = []
        timeline.schedule(at: 2) { order.append(3) }
        timeline.schedule(at: 1) { order.append(1) }
        timeline.schedule(at: 1) { order.append(2) }
        timeline.advance(to: 5)
        #expect(order == [1, 2, 3])
        #expect(timeline.now == 5)
        #expect(timeline.pendingCount == 0)
    }

    @Test func nowEqualsTheActionTimeWhileItRuns() {
        let timeline = Timeline()
        var seen: [Double] = []
        timeline.schedule(at: 0.25) { seen.append(timeline.now) }
        timeline.schedule(at: 0.75) { seen.append(timeline.now) }
        timeline.advance(to: 1)
        #expect(seen == [0.25, 0.75])
    }

    @Test func actionsScheduledInsideAnActionRunInTheSameAdvance() {
        let timeline = Timeline()
        var runs: [Double] = []
        // A 0.3 s cycle that reschedules itself: cycles start at exact multiples of 0.3
        // whatever the frame step.
        func cycle() {
            runs.append(timeline.now)
            if runs.count < 5 { timeline.schedule(at: timeline.now + 0.3, cycle) }
        }
        timeline.schedule(at: 0.3, cycle)
        timeline.advance(to: 1.0)
        #expect(runs.count == 3)
        #expect(runs.map { ($0 * 10).rounded() } == [3, 6, 9])
        #expect(timeline.now == 1.0)
        #expect(timeline.nextEventTime.map { approx($0, 1.2) } == true)
    }

    @Test func pastTimesClampToNowAndRunAfterDueActions() {
        let timeline = Timeline(start: 10)
        var order: [String] = []
        timeline.schedule(at: 10) { order.append("due") }
        timeline.schedule(at: 3) { order.append("clamped") }
        #expect(timeline.nextEventTime == 10)
        timeline.advance(to: 10)
        #expect(order == ["due", "clamped"])
    }

    @Test func advancingBackwardsDoesNothing() {
        let timeline = Timeline(start: 5)
        var ran = false
        timeline.schedule(at: 5) { ran = true }
        timeline.advance(to: 4)
        #expect(timeline.now == 5)
        #expect(!ran)
    }

    @Test func cancelRemovesAnAction() {
        let timeline = Timeline()
        var ran: [Int] = []
        let a = timeline.schedule(at: 1) { ran.append(1) }
        timeline.schedule(at: 2) { ran.append(2) }
        #expect(timeline.pendingCount == 2)
        timeline.cancel(a)
        timeline.cancel(a)
        #expect(timeline.pendingCount == 1)
        #expect(timeline.nextEventTime == 2)
        timeline.advance(to: 3)
        #expect(ran == [2])
        #expect(timeline.nextEventTime == nil)
    }

    @Test func manyCancelsKeepTheQueueSmall() {
        let timeline = Timeline()
        for k in 0..<10_000 {
            let id = timeline.schedule(at: Double(k)) {}
            timeline.cancel(id)
        }
        #expect(timeline.pendingCount == 0)
        #expect(timeline.nextEventTime == nil)
    }
}
