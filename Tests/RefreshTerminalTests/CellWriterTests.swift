import Testing
@testable import RefreshTerminal

@Suite struct CellWriterTests {
    /// A grid with a different colour in every cell, top and bottom.
    func gradient(_ width: Int, _ height: Int, shift: Int = 0) -> CellGrid {
        var grid = CellGrid(width: width, height: height, fill: Cell(top: RGB(0), bottom: RGB(0)))
        for y in 0..<height {
            for x in 0..<width {
                grid[x, y] = Cell(top: RGB(r: UInt8(x * 10 + shift), g: UInt8(y * 20), b: 7),
                                  bottom: RGB(r: UInt8(x * 10 + shift), g: UInt8(y * 20 + 10), b: 9))
            }
        }
        return grid
    }

    func expectShows(_ screen: ScreenModel, _ grid: CellGrid, at origin: (Int, Int),
                     sourceLocation: SourceLocation = #_sourceLocation) {
        for y in 0..<grid.height {
            for x in 0..<grid.width {
                let shown = screen.pixels(column: origin.0 + x, row: origin.1 + y)
                #expect(shown.top == grid[x, y].top && shown.bottom == grid[x, y].bottom,
                        "cell \(x),\(y): \(shown) instead of \(grid[x, y])", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("the first frame writes every cell; replayed, the screen shows the grid")
    func firstFrame() throws {
        var screen = ScreenModel(columns: 20, rows: 8)
        var out = TerminalOutput(columns: 20)
        var writer = CellWriter()
        let grid = gradient(12, 5)
        let written = writer.draw(grid, column: 3, row: 1, into: &out)
        #expect(written == 60)
        try screen.apply(out.bytes)
        #expect(screen.glyphsWritten == 60)
        expectShows(screen, grid, at: (3, 1))
    }

    @Test("the same frame again writes nothing; one changed pixel writes one cell")
    func onlyChanges() throws {
        var screen = ScreenModel(columns: 20, rows: 8)
        var out = TerminalOutput(columns: 20)
        var writer = CellWriter()
        var grid = gradient(12, 5)
        writer.draw(grid, column: 3, row: 1, into: &out)
        try screen.apply(out.bytes)

        out.startFrame()
        #expect(writer.draw(grid, column: 3, row: 1, into: &out) == 0)
        #expect(out.bytes.isEmpty)

        grid[7, 2].bottom = RGB(r: 1, g: 2, b: 3)
        out.startFrame()
        #expect(writer.draw(grid, column: 3, row: 1, into: &out) == 1)
        try screen.apply(out.bytes)
        #expect(screen.glyphsWritten == 1)
        expectShows(screen, grid, at: (3, 1))
        // One move and one colour change around the glyph, nothing more.
        #expect(out.bytes.count < 50, "\(out.bytes.count) bytes for one cell")
    }

    @Test("scattered changes: each changed cell is written once, with cursor moves between runs")
    func scattered() throws {
        var screen = ScreenModel(columns: 30, rows: 10)
        var out = TerminalOutput(columns: 30)
        var writer = CellWriter()
        var grid = gradient(25, 8)
        writer.draw(grid, column: 0, row: 0, into: &out)
        try screen.apply(out.bytes)
        var changed = 0
        for (x, y) in [(0, 0), (1, 0), (2, 0), (10, 0), (24, 3), (5, 7), (6, 7)] {
            grid[x, y] = Cell(top: RGB(0xFF00FF), bottom: RGB(0x00FF00))
            changed += 1
        }
        grid[12, 4] = Cell(top: RGB(0x123456), bottom: RGB(0x123456))  // one colour: a space or a full block
        changed += 1
        out.startFrame()
        #expect(writer.draw(grid, column: 0, row: 0, into: &out) == changed)
        try screen.apply(out.bytes)
        #expect(screen.glyphsWritten == changed)
        expectShows(screen, grid, at: (0, 0))
        // A run of three neighbours costs one colour change, not three.
        let sgr = out.bytes.indices.filter { out.bytes[$0] == 0x6D }.count
        #expect(sgr <= changed - 2)
    }

    @Test("a cell whose colours are the terminal's, swapped, is a lower half block: no colour change")
    func swapped() throws {
        var screen = ScreenModel(columns: 10, rows: 3)
        var out = TerminalOutput(columns: 10)
        var writer = CellWriter()
        let a = RGB(0x102030), b = RGB(0xF0E0D0)
        var grid = CellGrid(width: 4, height: 1, fill: Cell(top: a, bottom: b))
        writer.draw(grid, column: 0, row: 0, into: &out)
        try screen.apply(out.bytes)
        grid[1, 0] = Cell(top: b, bottom: a)
        out.startFrame()
        writer.draw(grid, column: 0, row: 0, into: &out)
        #expect(String(decoding: out.bytes, as: UTF8.self) == "\u{1B}[2G\u{2584}")
        try screen.apply(out.bytes)
        expectShows(screen, grid, at: (0, 0))
    }

    @Test("a short gap of unchanged cells is rewritten when that is shorter than moving past it")
    func bridges() throws {
        var screen = ScreenModel(columns: 20, rows: 3)
        var out = TerminalOutput(columns: 20)
        var writer = CellWriter()
        let a = RGB(0x204060), b = RGB(0xE0E0E0)
        var grid = CellGrid(width: 20, height: 2, fill: Cell(top: a, bottom: b))
        grid[4, 1] = Cell(top: b, bottom: b)
        writer.draw(grid, column: 0, row: 0, into: &out)
        try screen.apply(out.bytes)
        grid[3, 1] = Cell(top: b, bottom: a)
        grid[5, 1] = Cell(top: b, bottom: a)
        out.startFrame()
        #expect(writer.draw(grid, column: 0, row: 0, into: &out) == 2)
        // The unchanged cell between them is a space on the background the
        // terminal holds: one byte, where a cursor move would be three.
        #expect(String(decoding: out.bytes, as: UTF8.self).hasSuffix("\u{2584} \u{2584}"))
        try screen.apply(out.bytes)
        #expect(screen.glyphsWritten == 3)
        expectShows(screen, grid, at: (0, 0))
    }

    @Test("a resize (invalidate), or a grid of a new size or place, redraws everything")
    func fullRedraw() throws {
        var out = TerminalOutput(columns: 40)
        var writer = CellWriter()
        let grid = gradient(10, 4)
        writer.draw(grid, column: 0, row: 0, into: &out)
        out.startFrame()
        writer.invalidate()
        #expect(writer.draw(grid, column: 0, row: 0, into: &out) == 40)
        out.startFrame()
        #expect(writer.draw(grid, column: 5, row: 0, into: &out) == 40)
        out.startFrame()
        #expect(writer.draw(gradient(11, 4), column: 5, row: 0, into: &out) == 44)
        out.startFrame()
        #expect(writer.draw(gradient(11, 4), column: 5, row: 0, into: &out) == 0)
    }

    @Test("cursor moves: the shortest of CUP, CUF, CHA, NEL, CUD, CUU; a full position when unknown, none for neighbours")
    func moves() {
        var out = TerminalOutput(columns: 100)
        out.move(column: 4, row: 2)
        #expect(String(decoding: out.bytes, as: UTF8.self) == "\u{1B}[3;5H")
        out.put(Glyph.space)
        out.startFrame()
        out.move(column: 5, row: 2)
        #expect(out.bytes.isEmpty)
        out.move(column: 6, row: 2)
        #expect(String(decoding: out.bytes, as: UTF8.self) == "\u{1B}[C")
        out.startFrame()
        out.move(column: 12, row: 2)
        #expect(String(decoding: out.bytes, as: UTF8.self) == "\u{1B}[6C")
        out.startFrame()
        out.move(column: 30, row: 2)  // CHA ties with CUF 18
        #expect(String(decoding: out.bytes, as: UTF8.self) == "\u{1B}[31G")
        out.startFrame()
        out.move(column: 0, row: 3)
        #expect(String(decoding: out.bytes, as: UTF8.self) == "\u{1B}E")
        out.startFrame()
        out.move(column: 0, row: 9)
        #expect(String(decoding: out.bytes, as: UTF8.self) == "\u{1B}[6B")
        out.startFrame()
        out.move(column: 0, row: 8)
        #expect(String(decoding: out.bytes, as: UTF8.self) == "\u{1B}[A")
    }

    @Test("colours: both in one sequence, only the one that changed after that")
    func colors() {
        var out = TerminalOutput(columns: 10)
        out.setColors(foreground: RGB(r: 1, g: 2, b: 3), background: RGB(r: 250, g: 0, b: 10))
        #expect(String(decoding: out.bytes, as: UTF8.self) == "\u{1B}[38;2;1;2;3;48;2;250;0;10m")
        out.startFrame()
        out.setColors(foreground: RGB(r: 1, g: 2, b: 3), background: RGB(r: 250, g: 0, b: 11))
        #expect(String(decoding: out.bytes, as: UTF8.self) == "\u{1B}[48;2;250;0;11m")
        out.startFrame()
        out.setColors(foreground: RGB(r: 1, g: 2, b: 3), background: nil)
        #expect(out.bytes.isEmpty)
    }
}
