import Testing
@testable import RefreshTerminal

@Suite struct StatusLineTests {
    @Test("the text carries style, state, pull ratio, cycle, frame time and rate, keys; fitted to the width")
    func text() {
        let full = StatusLine.text(style: "Yelp", state: "refreshing", pullRatio: 1, cycle: 3,
                                   frameMilliseconds: 1.26, fps: 59.7, width: 200)
        #expect(full == "Yelp | refreshing | pull 1.00 | cycle 3 | 1.3 ms 60 fps | " + StatusLine.keys)
        #expect(StatusLine.text(style: "Yelp", state: "idle", pullRatio: 0.456, cycle: 0,
                                frameMilliseconds: 0, fps: 0, width: 24) == "Yelp | idle | p | q quit")
        // A notice goes after the style's fields, before the timing and the keys.
        #expect(StatusLine.text(style: "Yelp", state: "idle", pullRatio: 0, cycle: 0, frameMilliseconds: 1, fps: 60,
                                width: 200, notice: "rec out.gif")
                == "Yelp | idle | pull 0.00 | cycle 0 | rec out.gif | 1.0 ms 60 fps | " + StatusLine.keys)
    }

    @Test("a narrow terminal keeps the keys: the timing goes first, then the keys shorten, then the fields are cut",
          arguments: [200, 125, 100, 80, 60, 40, 20, 10])
    func keysSurvive(width: Int) {
        let text = StatusLine.text(style: "Storehouse", state: "refreshing", pullRatio: 1, cycle: 12,
                                   frameMilliseconds: 12.34, fps: 59.7, width: width, cue: "haptic medium",
                                   notice: "rec out.gif 12 s")
        #expect(text.count <= width)
        if width >= StatusLine.quitKey.count { #expect(text.hasSuffix("q quit"), "\(width): \(text)") }
        // The state survives wherever the keys leave room for it.
        if width >= 40 { #expect(text.contains("refreshing"), "\(width): \(text)") }
        // At 80 columns, a common terminal, every key is still named while no cue or notice takes the room.
        let plain = StatusLine.text(style: "Storehouse", state: "refreshing", pullRatio: 1, cycle: 12,
                                    frameMilliseconds: 12.34, fps: 59.7, width: width)
        if width >= 80 { #expect(plain.hasSuffix(StatusLine.shortKeys) || plain.hasSuffix(StatusLine.keys), "\(width): \(plain)") }
        if width >= 125 { #expect(plain.hasSuffix(StatusLine.keys) && plain.contains(" fps | "), "\(width): \(plain)") }
    }

    @Test("drawn padded to the width, and only when it changes")
    func drawsChanges() throws {
        var status = StatusLine()
        var out = TerminalOutput(columns: 30)
        var screen = ScreenModel(columns: 30, rows: 5)
        #expect(status.draw("Yelp | idle", row: 4, width: 30, into: &out))
        try screen.apply(out.bytes)
        #expect(screen.glyphsWritten == 30)
        #expect(String((0..<11).map { screen[$0, 4].glyph }) == "Yelp | idle")
        #expect(screen[29, 4].background == StatusLine.background)
        out.startFrame()
        #expect(!status.draw("Yelp | idle", row: 4, width: 30, into: &out))
        #expect(out.bytes.isEmpty)
        #expect(status.draw("Yelp | pulling", row: 4, width: 30, into: &out))
        status.invalidate()
        out.startFrame()
        #expect(status.draw("Yelp | pulling", row: 4, width: 30, into: &out))
    }
}
