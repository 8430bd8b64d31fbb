import RefreshHostController
import RefreshLayers
import Testing

/// The Jackrabbit geometry: compass enters from the right, spinner from the
/// left, both vertically centred in the revealed strip, meeting at ratio 1.
@Suite struct YelpTests {
    static let compassBody = RGBA.hex("#6898B0")
    static let needle = RGBA.hex("#D04040")

    func parts(_ s: Session) throws -> (compass: LayerSnapshot, spinner: LayerSnapshot) {
        let layers = s.snapshot()
        let compass = try #require(layers.group(size: 60, containing: Self.compassBody))
        let spinner = try #require(layers.first { candidate in
            candidate.id != compass.id && candidate[.width] == 60 && candidate.kind == .group
                && layers.contains { $0.kind == .path && $0.fill == Self.needle && layers.isInside($0, candidate) }
        })
        return (compass, spinner)
    }

    @Test("compass and spinner at ratios 0, 0.5 and 1", arguments: [0.0, 0.5, 1.0])
    func geometry(ratio: Double) throws {
        let s = try Session("yelp", width: 375)
        let distance = 100 * ratio
        // Ratio 0 is the pull coming back to rest; the others, a pull reaching it.
        s.pull(to: ratio == 0 ? 40 : distance)
        if ratio == 0 {
            s.controller.release()
            s.advance(to: s.now + 2)
        }
        let (compass, spinner) = try parts(s)
        let midX = 375.0 / 2
        // position is the centre (anchor 0.5): left edge = position.x - 30.
        #expect(close(compass[.positionX] - 30, midX + 30 - 60 * ratio, 1e-6))
        #expect(close(spinner[.positionX] - 30, midX - 90 + 60 * ratio, 1e-6))
        #expect(close(compass[.positionY] - 30, distance / 2 - 30, 1e-6))
        #expect(close(spinner[.positionY] - 30, distance / 2 - 30, 1e-6))
        // The root stays at the top: background presentation, the list uncovers it.
        #expect(s.controller.headerY == 0)
        if ratio == 1 {
            #expect(compass[.positionX] == spinner[.positionX] && compass[.positionY] == spinner[.positionY])
        }
        s.close()
    }

    @Test("locked together while refreshing; each cycle turns the spinner a further quarter and steps the colour")
    func cycles() throws {
        let s = try Session("yelp")
        var gesture = Gesture()
        gesture.refreshDuration = 0.95  // ends during cycle 4
        gesture.schedule(on: s.controller)
        let release = gesture.releaseTime
        let colours = ["#FF0000", "#0000FF", "#800080", "#00FFFF", "#FF8000", "#FF00FF"].map(RGBA.hex)
        for cycle in 1...4 {
            s.advance(to: release + 0.3 * Double(cycle) - 1e-9)
            let layers = s.snapshot()
            let (compass, spinner) = try parts(s)
            #expect(close(compass[.positionX], spinner[.positionX]))
            // The spinner turns a further +90 degrees each cycle, never reset.
            #expect(close(spinner[.rotation], Double.pi / 2 * Double(cycle), 1e-6))
            // The colour layer (alpha 0.30) shows this cycle's colour.
            let colour = try #require(layers.first { $0.kind == .rect && $0[.opacity] == 0.3 })
            #expect(colour.fill.isClose(to: colours[cycle - 1], 1e-6), "cycle \(cycle): \(colour.fill)")
        }
        // After the end: four quarter turns kept, colour layer clear again.
        s.run(gesture)
        let (_, spinner) = try parts(s)
        #expect(close(spinner[.rotation], Double.pi / 2 * 4, 1e-6))
        let colour = try #require(s.snapshot().first { $0.kind == .rect && $0[.opacity] == 0.3 })
        #expect(colour.fill.a == 0, "reset makes the colour layer clear")
        s.close()
    }

    @Test("the colour index carries over to the next refresh")
    func colourCarriesOver() throws {
        let s = try Session("yelp")
        var first = Gesture()
        first.refreshDuration = 0.1  // one cycle: red
        s.run(first)
        var second = Gesture()
        second.startTime = s.now + 0.1
        second.refreshDuration = 0.1
        second.schedule(on: s.controller)
        s.advance(to: second.releaseTime + 0.3 - 1e-9)
        let colour = try #require(s.snapshot().first { $0.kind == .rect && $0[.opacity] == 0.3 })
        #expect(colour.fill.isClose(to: .hex("#0000FF")), "second refresh starts with blue, got \(colour.fill)")
        s.close()
    }
}
