import Testing
@testable import RefreshTerminal

/// The colour-free preview (`NO_COLOR`, `TERM=dumb`): characters only.
@Suite struct MonochromeTests {
    let white = RGB(0xFFFFFF), black = RGB(0x000000), grey = RGB(0x808080), separator = RGB(0xC8C7CC)

    func text(_ screen: ScreenModel, row: Int, columns: Range<Int>) -> String {
        String(columns.map { screen[$0, row].glyph })
    }

    @Test("white is blank, black dense, grey between; a half inked alone is a mark at its end")
    func shades() {
        func shade(_ top: RGB, _ bottom: RGB) -> Character {
            Character(Unicode.Scalar(ShadeRamp.characters[Int(ShadeRamp.index(of: Cell(top: top, bottom: bottom)))]))
        }
        #expect(shade(white, white) == " ")
        #expect(shade(black, black) == "@")
        #expect(shade(grey, grey) == "=")
        #expect(shade(black, white) == "\"" && shade(white, black) == "_")
        #expect(shade(separator, white) == "`" && shade(white, separator) == ".")
        // Darker is never lighter: the ramp is ordered.
        let ramp = (0...255).map { (level: Int) -> UInt8 in
            let c = RGB(r: UInt8(level), g: UInt8(level), b: UInt8(level))
            return ShadeRamp.index(of: Cell(top: c, bottom: c))
        }
        #expect(zip(ramp, ramp.dropFirst()).allSatisfy { $0 >= $1 })
    }

    @Test("no colour sequence at all, not even from the status line; the screen reads as characters")
    func noColour() throws {
        var out = TerminalOutput(columns: 12, colored: false)
        var writer = CellWriter(mode: .monochrome)
        var status = StatusLine()
        var screen = ScreenModel(columns: 12, rows: 4)
        var grid = CellGrid(width: 10, height: 2, fill: Cell(top: white, bottom: white))
        for x in 2..<6 { grid[x, 0] = Cell(top: black, bottom: black) }
        for x in 0..<10 { grid[x, 1] = Cell(top: white, bottom: separator) }
        out.clearScreen()
        writer.draw(grid, column: 1, row: 0, into: &out)
        status.draw("yelp | idle", row: 3, width: 12, into: &out)
        #expect(!RealFrameTests.hasColor(out.bytes))
        #expect(!String(decoding: out.bytes, as: UTF8.self).contains("38;") && !String(decoding: out.bytes, as: UTF8.self).contains("48;"))
        try screen.apply(out.bytes)
        #expect(text(screen, row: 0, columns: 1..<11) == "  @@@@    ")
        #expect(text(screen, row: 1, columns: 1..<11) == "..........")
        #expect(text(screen, row: 3, columns: 0..<12) == "yelp | idle ")
        #expect(screen[3, 0].foreground == nil && screen[3, 0].background == nil)
    }

    @Test("only cells whose character changes are written; a colour change within a shade costs nothing")
    func onlyChanges() throws {
        var out = TerminalOutput(columns: 20, colored: false)
        var writer = CellWriter(mode: .monochrome)
        var screen = ScreenModel(columns: 20, rows: 3)
        var grid = CellGrid(width: 20, height: 2, fill: Cell(top: white, bottom: white))
        writer.draw(grid, column: 0, row: 0, into: &out)
        try screen.apply(out.bytes)

        grid[4, 1] = Cell(top: RGB(0xFEFEFE), bottom: RGB(0xFDFFFF))  // still blank
        out.startFrame()
        #expect(writer.draw(grid, column: 0, row: 0, into: &out) == 0)
        #expect(out.bytes.isEmpty)

        grid[4, 1] = Cell(top: black, bottom: black)
        grid[6, 1] = Cell(top: black, bottom: black)
        out.startFrame()
        #expect(writer.draw(grid, column: 0, row: 0, into: &out) == 2)
        // The blank between them is rewritten: one byte, where a move takes three.
        #expect(String(decoding: out.bytes, as: UTF8.self).hasSuffix("@ @"))
        try screen.apply(out.bytes)
        #expect(text(screen, row: 1, columns: 0..<8) == "    @ @ ")
    }
}
