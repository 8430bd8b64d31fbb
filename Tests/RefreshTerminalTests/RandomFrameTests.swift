import Testing
@testable import RefreshTerminal

/// The writer against many random frames: whatever it chooses (glyph,
/// colours, moves, bridging), replaying its bytes on the model terminal must
/// leave exactly the grid on the screen, frame after frame.
@Suite struct RandomFrameTests {
    /// A small, reproducible generator (SplitMix64): a failure names its seed.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("random grids, changes, places and status lines: the screen always shows the grid", arguments: 0..<40)
    func randomFrames(seed: UInt64) throws {
        var rng = Seeded(state: seed)
        let columns = Int.random(in: 3...40, using: &rng)
        let rows = Int.random(in: 3...14, using: &rng)
        let width = Int.random(in: 1...columns, using: &rng)
        let height = Int.random(in: 1...(rows - 1), using: &rng)
        // Now and then flush right, so that writing the last column leaves the cursor unknown.
        let column = Bool.random(using: &rng) ? columns - width : Int.random(in: 0...(columns - width), using: &rng)
        let row = Int.random(in: 0...(rows - 1 - height), using: &rng)
        // Few colours, so that runs, shared colours and swapped pairs happen.
        let palette = (0..<Int.random(in: 1...5, using: &rng)).map { _ in RGB(UInt32.random(in: 0...0xFFFFFF, using: &rng)) }
        func randomCell() -> Cell {
            Cell(top: palette.randomElement(using: &rng)!, bottom: palette.randomElement(using: &rng)!)
        }
        var grid = CellGrid(width: width, height: height, fill: randomCell())
        for i in grid.cells.indices { grid[i % width, i / width] = randomCell() }

        var screen = ScreenModel(columns: columns, rows: rows)
        var out = TerminalOutput(columns: columns)
        var writer = CellWriter()
        var status = StatusLine()
        for frame in 0..<30 {
            var changed = 0
            let previous = grid
            let density = [0.0, 0.02, 0.1, 0.5, 1.0].randomElement(using: &rng)!
            for y in 0..<height {
                for x in 0..<width where Double.random(in: 0..<1, using: &rng) < density {
                    grid[x, y] = Bool.random(using: &rng) ? randomCell() : Cell(top: grid[x, y].bottom, bottom: grid[x, y].top)
                }
            }
            for i in grid.cells.indices where grid.cells[i] != previous.cells[i] { changed += 1 }
            if frame == 0 { changed = width * height }  // nothing on the screen yet
            out.startFrame()
            if Int.random(in: 0..<10, using: &rng) == 0 {
                // As after a resize: cleared, state forgotten, everything redrawn.
                out.clearScreen()
                out.forgetState()
                writer.invalidate()
                status.invalidate()
                changed = width * height
            }
            let written = writer.draw(grid, column: column, row: row, into: &out)
            #expect(written == changed, "seed \(seed) frame \(frame)")
            if frame % 3 == 0 {
                status.draw("frame \(frame)", row: rows - 1, width: columns, into: &out)
            }
            try screen.apply(out.bytes)
            for y in 0..<height {
                for x in 0..<width {
                    let shown = screen.pixels(column: column + x, row: row + y)
                    #expect(shown.top == grid[x, y].top && shown.bottom == grid[x, y].bottom,
                            "seed \(seed) frame \(frame) cell \(x),\(y): \(shown) instead of \(grid[x, y])")
                }
            }
        }
    }

    @Test("every planned cursor move lands on its target, in the bytes it said it would take, never more than CUP")
    func moves() throws {
        var rng = Seeded(state: 7)
        let (columns, rows) = (130, 50)
        for _ in 0..<3000 {
            let from = (Int.random(in: 0..<columns, using: &rng), Int.random(in: 0..<rows, using: &rng))
            // Mostly near, as the writer's moves are.
            let to = Bool.random(using: &rng)
                ? (Int.random(in: 0..<columns, using: &rng), Int.random(in: 0..<rows, using: &rng))
                : (min(columns - 1, max(0, from.0 + Int.random(in: -5...12, using: &rng))),
                   min(rows - 1, max(0, from.1 + Int.random(in: -1...3, using: &rng))))
            var screen = ScreenModel(columns: columns, rows: rows)
            try screen.apply(Array("\u{1B}[\(from.1 + 1);\(from.0 + 1)H".utf8))
            var out = TerminalOutput(columns: columns)
            out.move(column: from.0, row: from.1)
            out.startFrame()
            let planned = out.moveCost(column: to.0, row: to.1)
            out.move(column: to.0, row: to.1)
            try screen.apply(out.bytes)
            #expect(screen.column == to.0 && screen.row == to.1, "\(from) to \(to): \(String(decoding: out.bytes, as: UTF8.self).debugDescription)")
            #expect(out.bytes.count == planned)
            let cup = CursorMove(from: nil, to: to).byteCount
            #expect(planned <= cup)
        }
    }

    @Test("the colour cost the painter counts is what setColors writes")
    func colorCost() {
        var rng = Seeded(state: 11)
        let colours = [nil] + (0..<6).map { _ in Optional(RGB(UInt32.random(in: 0...0xFFFFFF, using: &rng))) } + [RGB(0), RGB(0xFFFFFF)]
        for _ in 0..<500 {
            var out = TerminalOutput(columns: 10)
            out.setColors(foreground: colours.randomElement(using: &rng)!, background: colours.randomElement(using: &rng)!)
            out.startFrame()
            let fg = colours.randomElement(using: &rng)!, bg = colours.randomElement(using: &rng)!
            let counted = out.colorCost(foreground: fg, background: bg)
            out.setColors(foreground: fg, background: bg)
            #expect(out.bytes.count == counted)
        }
    }
}
