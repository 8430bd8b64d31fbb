import RefreshHostController
import Testing

@Suite struct RubberBandTests {
    @Test("iOS rubber band: d = 960 gives 100 -> 52.0, 400 -> 179.0, 960 -> 340.7")
    func knownValues() {
        #expect(close(rubberBand(100, dimension: 960), 52.0, 0.05))
        #expect(close(rubberBand(400, dimension: 960), 179.0, 0.05))
        // Exactly 340.645...: styles.md's 340.7 rounds it up.
        #expect(close(rubberBand(960, dimension: 960), 340.645, 0.001))
        #expect(rubberBand(0, dimension: 960) == 0)
        #expect(rubberBand(-50, dimension: 960) == 0)
    }

    @Test("the inverse gives back the finger travel")
    func inverse() {
        for travel in [1.0, 50, 100, 400, 960, 3000] {
            let shown = rubberBand(travel, dimension: 300)
            #expect(close(rubberBandInverse(shown, dimension: 300), travel, 1e-6 * travel))
        }
    }

    @Test("a released pull bounces back to the inset and settles")
    func bounceBack() {
        let scroll = ScrollView(viewportHeight: 300)
        scroll.touchDown(at: 0)
        scroll.moveFinger(to: rubberBandInverse(120, dimension: 300), at: 0.5)
        #expect(close(scroll.pullDistance(at: 0.5), 120, 1e-9))
        #expect(close(scroll.pullDistance(at: 0.25), rubberBand(rubberBandInverse(120, dimension: 300) / 2, dimension: 300), 1e-9))
        scroll.release(at: 0.5)
        var previous = 120.0
        for i in 1...60 {
            let d = scroll.pullDistance(at: 0.5 + Double(i) / 60)
            #expect(d <= previous)
            previous = d
        }
        #expect(scroll.pullDistance(at: 2) == 0)
        #expect(scroll.isSettled(at: 2))
    }
}
