import RefreshHostController
import RefreshLayers
import Testing

/// AppCoda: seven letters; each loop turns and colours each letter in turn,
/// then swells the word. One loop is one 1.65 s keyframes cycle.
@Suite struct AppCodaTests {
    static let word = ["A", "P", "P", "C", "O", "D", "A"]
    static let colours = ["#FF00FF", "#996633", "#FFFF00", "#FF0000", "#00FF00", "#0000FF", "#FF8000"].map(RGBA.hex)
    static let black = RGBA.hex("#000000")
    static let loop = 1.65

    func letters(_ s: Session) throws -> [LayerSnapshot] {
        let letters = s.snapshot().filter { $0.kind == .text }
        try #require(letters.count == 7)
        return letters
    }

    /// `c` part of the way from black to `colour`.
    func blackTo(_ colour: RGBA, _ p: Double) -> RGBA { RGBA(colour.r * p, colour.g * p, colour.b * p, 1) }

    /// Black and upright at scale 1 (within rounding: a keyframe's end time,
    /// as a fraction of the loop, is not exact in binary).
    func isAtRest(_ l: LayerSnapshot) -> Bool {
        close(l[.rotation], 0, 1e-9) && close(l[.scaleX], 1, 1e-9) && close(l[.scaleY], 1, 1e-9)
            && l.fill.isClose(to: Self.black, 1e-9)
    }

    @Test("A P P C O D A, in order, centred in the header, evenly spaced, black and upright; the header clear")
    func setup() throws {
        let s = try Session("appcoda", width: 375)
        let letters = try self.letters(s)
        #expect(letters.map { $0.text ?? "" } == Self.word)
        let xs = letters.map { $0[.positionX] }
        let gaps = zip(xs.dropFirst(), xs).map { $0 - $1 }
        #expect(gaps.allSatisfy { close($0, gaps[0], 1e-9) } && gaps[0] > 0)
        #expect(close((xs.first! + xs.last!) / 2, 375.0 / 2, 1e-9), "the row's centre")
        #expect(letters.allSatisfy { close($0[.positionY], 30, 1e-9) && $0[.height] < 60 })
        #expect(letters.allSatisfy(isAtRest))
        #expect(letters.allSatisfy { $0[.fontWeight] == 1 && $0[.fontSize] > 17 })
        #expect(try #require(s.snapshot().layer(s.controller.root)).fill.a == 0)
        #expect(s.animator.metrics.height == 60)
        s.close()
    }

    @Test("step 1: each letter in turn tilts to 45 degrees taking its colour, then back to black and upright")
    func stepOne() throws {
        let s = try Session("appcoda")
        Gesture().schedule(on: s.controller)
        s.advance(to: 0.6)
        let start = try #require(s.time(of: \.isDidStartCycle))
        for loop in 0..<2 {
            let begin = start + Double(loop) * Self.loop
            for k in 0..<7 {
                // The middle of letter k's 0.1 s turn: half way, linear.
                s.advance(to: begin + 0.15 * Double(k) + 0.05)
                var letters = try self.letters(s)
                #expect(close(letters[k][.rotation], Double.pi / 8, 1e-9), "loop \(loop + 1) letter \(k): \(letters[k][.rotation])")
                #expect(letters[k].fill.isClose(to: blackTo(Self.colours[k], 0.5), 1e-9), "letter \(k): \(letters[k].fill)")
                for (j, other) in letters.enumerated() where j != k { #expect(isAtRest(other), "letter \(j) during \(k)") }
                // Its end: the full 45 degrees and the full colour; then back over 0.05 s.
                s.advance(to: begin + 0.15 * Double(k) + 0.1)
                letters = try self.letters(s)
                #expect(close(letters[k][.rotation], Double.pi / 4, 1e-9))
                #expect(letters[k].fill.isClose(to: Self.colours[k], 1e-9))
                s.advance(to: begin + 0.15 * Double(k) + 0.125)
                letters = try self.letters(s)
                #expect(close(letters[k][.rotation], Double.pi / 8, 1e-9), "half way back")
            }
            s.advance(to: begin + 1.05)
            #expect(try self.letters(s).allSatisfy(isAtRest), "the end of step 1")
        }
        s.close()
    }

    @Test("step 2: every letter swells to 1.5 over 0.35 s and is back to 1 at 1.65 s; loops repeat at 1.65 s")
    func stepTwo() throws {
        let s = try Session("appcoda")
        Gesture().schedule(on: s.controller)
        s.advance(to: 0.6)
        let start = try #require(s.time(of: \.isDidStartCycle))
        s.advance(to: start + 1.05 + 0.175)
        #expect(try self.letters(s).allSatisfy { close($0[.scaleX], 1.25, 1e-9) && close($0[.scaleY], 1.25, 1e-9) })
        s.advance(to: start + 1.05 + 0.35)
        #expect(try self.letters(s).allSatisfy { close($0[.scaleX], 1.5, 1e-9) && $0[.rotation] == 0 })
        s.advance(to: start + 1.4 + 0.125)
        #expect(try self.letters(s).allSatisfy { close($0[.scaleX], 1.25, 1e-9) })
        s.advance(to: start + Self.loop)
        #expect(try self.letters(s).allSatisfy(isAtRest))
        s.advance(to: start + 2 * Self.loop)
        let starts = s.times(of: \.isDidStartCycle)
        #expect(starts.count == 2 && close(starts[1], start + Self.loop, 1e-9))
        s.close()
    }

    @Test("an end request lets the loop finish; reset leaves the letters as setup did")
    func reset() throws {
        let s = try Session("appcoda")
        let initial = try self.letters(s)
        var gesture = Gesture()
        gesture.refreshDuration = 0.5  // ends in the middle of step 1
        s.run(gesture)
        let ends = s.times(of: \.isDidEndCycle)
        #expect(ends.count == 1 && close(ends[0], 0.6 + Self.loop, 1e-9))
        #expect(s.controller.state == .idle)
        #expect(try self.letters(s) == initial)
        s.close()
    }
}
