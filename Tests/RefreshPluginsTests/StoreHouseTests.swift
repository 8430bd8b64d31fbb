import RefreshHostController
import RefreshLayers
import Testing

/// StoreHouse (C, ABI 1.2): STOREHOUSE in line segments that draw themselves
/// one after another with the pull, flash across the dimmed word once a
/// second while refreshing, and scatter at the end.
@Suite struct StoreHouseTests {
    func segments(_ s: Session) throws -> [LayerSnapshot] {
        let layers = s.snapshot()
        let word = try #require(layers.first { $0.kind == .group })
        let segments = layers.children(of: word.id)
        try #require(segments.count == 39)
        return segments
    }

    func hasKeyframes(_ s: Session) -> Bool {
        !s.log.entries.contains { $0.message.contains("no layer_add_keyframe_animation") }
    }

    @Test("after setup: a dark 80 pt bar; 39 white round-capped 2 pt line segments centred, none drawn yet")
    func setup() throws {
        let s = try Session("storehouse", width: 375)
        defer { s.close() }
        #expect(s.controller.metrics.height == 80)
        #expect(s.controller.metrics.presentation == .background && s.controller.metrics.anchor == .middle)
        let layers = s.snapshot()
        let root = try #require(layers.layer(s.controller.root))
        #expect(root.fill.isClose(to: .hex("#333333"), 1e-9) && root[.clipsToBounds] == 1)
        let word = try #require(layers.first { $0.kind == .group })
        #expect(word[.positionX] == 187.5 && word[.positionY] == 40)
        #expect(close(word[.width], (10 * 12 + 9 * 7) * 1.2, 1e-9) && close(word[.height], 18 * 1.2, 1e-9))
        for seg in try segments(s) {
            #expect(seg.kind == .path && seg.path.count == 2)
            guard case let .moveTo(x1, y1) = seg.path[0], case let .lineTo(x2, y2) = seg.path[1] else {
                Issue.record("segment path \(seg.path)")
                continue
            }
            // The bounds hug the line, anchored at its middle.
            #expect(close(abs(x2 - x1), seg[.width], 1e-9) && close(abs(y2 - y1), seg[.height], 1e-9))
            #expect(seg.stroke == .white && seg.fill.a == 0 && seg[.lineWidth] == 2 && seg[.lineCap] == 1)
            #expect(seg[.strokeEnd] == 0 && seg[.opacity] == 0)
        }
        #expect(s.log.entries(of: .misuse).isEmpty)
    }

    @Test("the pull: segment i of 39 draws from 0.3 / 39 * i of the pull over 0.7 of it")
    func pull() throws {
        let s = try Session("storehouse")
        defer { s.close() }
        for distance in [20.0, 40, 64] {
            s.pull(to: distance)
            let ratio = distance / 80
            for (i, seg) in try segments(s).enumerated() {
                let expected = min(1, max(0, (ratio - 0.3 / 39 * Double(i)) / 0.7))
                #expect(close(seg[.strokeEnd], expected, 1e-4), "pull \(distance), segment \(i)")
                #expect(close(seg[.opacity], expected, 1e-4))
            }
        }
        s.pull(to: 100)
        #expect(try segments(s).allSatisfy { $0[.strokeEnd] == 1 && $0[.opacity] == 1 })
    }

    @Test("refreshing: the whole word at 0.4; segment i flashes to 1 at i / 39 s into each cycle and fades back in 0.4 s")
    func flashes() throws {
        let s = try Session("storehouse")
        defer { s.close() }
        var gesture = Gesture()
        gesture.refreshDuration = 3
        gesture.schedule(on: s.controller)
        s.advance(to: 0.6)
        let start = try #require(s.time(of: \.isDidStartCycle))
        for cycle in 0..<2 {
            for i in [0, 13, 30] {
                let at = start + Double(cycle) + Double(i) / 39
                s.advance(to: at + 0.2)
                let seg = try segments(s)[i]
                #expect(seg[.strokeEnd] == 1)
                let expected = hasKeyframes(s) ? 0.7 : 0.4
                #expect(close(seg[.opacity], expected, 1e-6), "cycle \(cycle + 1), segment \(i): \(seg[.opacity])")
                // Another segment, not flashing then, is dim.
                #expect(close(try segments(s)[(i + 20) % 39][.opacity], 0.4, 1e-6))
            }
        }
    }

    @Test("the exit scatters every segment (up to 150 pt sideways, 80 up, half a turn) and fades it in 0.6 s, the same every run; reset restores")
    func exitAndReset() throws {
        func scattered() throws -> ([LayerSnapshot], Session) {
            let s = try Session("storehouse")
            var gesture = Gesture()
            gesture.refreshDuration = 1
            gesture.schedule(on: s.controller)
            s.advance(to: 1.6) // one 1 s cycle from the release, then the exit
            #expect(s.time(of: { $0 == .exitStarted }) == 1.6)
            s.advance(to: 2.2)
            return (try segments(s), s)
        }
        let (a, s) = try scattered()
        defer { s.close() }
        let done = s.events.compactMap { if case let .exitDone(after) = $0.event { after } else { nil } }
        #expect(done.count == 1 && close(done[0], 0.6, 1e-9), "\(done)")
        for seg in a {
            #expect(seg[.opacity] == 0)
            #expect(abs(seg[.translationX]) <= 150 && seg[.translationY] <= 0 && seg[.translationY] >= -80)
            #expect(abs(seg[.rotation]) <= Double.pi)
        }
        #expect(Set(a.map { $0[.translationX] }).count > 30, "each segment its own way")
        let (b, other) = try scattered()
        other.close()
        #expect(a.map(\.values) == b.map(\.values))
        let fresh = try Session("storehouse")
        let initial = fresh.snapshot().filter { $0.id != fresh.controller.root }
        fresh.close()
        s.run(Gesture())
        #expect(s.controller.state == .idle)
        #expect(s.snapshot().filter { $0.id != s.controller.root }.map(\.values) == initial.map(\.values))
        #expect(s.log.entries(of: .misuse).isEmpty)
    }
}
