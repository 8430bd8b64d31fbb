/// Draws cell grids at a place on the screen, writing only the cells that
/// differ from the grid it drew last: an idle preview costs no bytes at all.
/// Within a frame it goes row by row, left to right, and for each run of
/// changed cells takes the cheapest way there: a cursor move, or rewriting
/// the few unchanged cells in between when that takes fewer bytes.
/// `bench` measures it against the floor (`refresh-host-bench terminal`).
public struct CellWriter {
    public let mode: ColorMode
    /// What is on the screen now, or nil: draw everything next time.
    public private(set) var onScreen: CellGrid?
    private var origin = (column: 0, row: 0)
    /// In monochrome, the character index of every cell on the screen.
    private var shades: [UInt8] = []

    public init(mode: ColorMode = .truecolor) {
        self.mode = mode
    }

    /// The next frame redraws every cell (after a resize or a clear).
    public mutating func invalidate() {
        onScreen = nil
    }

    /// Appends what turns the screen into `grid` (top-left cell at `column`,
    /// `row`) and returns how many changed cells it wrote (bridging a gap
    /// may rewrite a few unchanged ones too; they are not counted).
    @discardableResult
    public mutating func draw(_ grid: CellGrid, column: Int, row: Int, into out: inout TerminalOutput) -> Int {
        let previous: CellGrid? =
            onScreen.flatMap { $0.width == grid.width && $0.height == grid.height && origin == (column, row) ? $0 : nil }
        let written: Int
        switch mode {
        case .truecolor: written = drawColored(grid, previous: previous, at: (column, row), into: &out)
        case .monochrome: written = drawShades(grid, redraw: previous == nil, at: (column, row), into: &out)
        }
        onScreen = grid
        origin = (column, row)
        return written
    }

    private func drawColored(_ grid: CellGrid, previous: CellGrid?, at origin: (column: Int, row: Int),
                             into out: inout TerminalOutput) -> Int {
        let cells = grid.cells
        let old = previous?.cells
        var written = 0
        for y in 0..<grid.height {
            let rowStart = y * grid.width
            let rowEnd = rowStart + grid.width
            var i = rowStart
            while i < rowEnd {
                if let old, old[i] == cells[i] {
                    i += 1
                    continue
                }
                var end = i + 1
                while end < rowEnd, old.map({ $0[end] != cells[end] }) ?? true { end += 1 }
                reach(i, rowStart: rowStart, cells: cells, at: (origin.column, origin.row + y), into: &out)
                for k in i..<end {
                    let paint = CellPainter.choose(cells[k], next: k + 1 < end ? cells[k + 1] : nil,
                                                   fg: out.foreground, bg: out.background)
                    out.setColors(foreground: paint.foreground, background: paint.background)
                    out.put(paint.glyph)
                }
                written += end - i
                i = end
            }
        }
        return written
    }

    /// Puts the cursor on cell `i` (an index into `cells`, in the row that
    /// starts at `rowStart`): by a move, or by drawing the unchanged cells
    /// between the cursor and it on the same row when that is cheaper.
    private func reach(_ i: Int, rowStart: Int, cells: [Cell], at origin: (column: Int, row: Int),
                       into out: inout TerminalOutput) {
        let target = (column: origin.column + i - rowStart, row: origin.row)
        let move = out.moveCost(column: target.column, row: target.row)
        if let cursor = out.cursor, cursor.row == target.row, cursor.column >= origin.column, cursor.column < target.column,
           target.column - cursor.column < move {
            let gap = rowStart + cursor.column - origin.column..<i
            let bridge = CellPainter.cost(of: cells[gap], fg: out.foreground, bg: out.background, limit: move)
            if bridge <= move {
                for k in gap {
                    let paint = CellPainter.choose(cells[k], next: cells[k + 1], fg: out.foreground, bg: out.background)
                    out.setColors(foreground: paint.foreground, background: paint.background)
                    out.put(paint.glyph)
                }
                return
            }
        }
        out.move(column: target.column, row: target.row)
    }

    /// Monochrome: each cell one character of the shade ramp, redrawn only
    /// when its character changes, so shifts of colour too small to change
    /// the shade cost nothing. A gap shorter than a cursor move is rewritten.
    private mutating func drawShades(_ grid: CellGrid, redraw: Bool, at origin: (column: Int, row: Int),
                                     into out: inout TerminalOutput) -> Int {
        if redraw || shades.count != grid.cells.count {
            shades = Array(repeating: ShadeRamp.unset, count: grid.cells.count)
        }
        var written = 0
        for y in 0..<grid.height {
            let rowStart = y * grid.width
            for x in 0..<grid.width {
                let i = rowStart + x
                let shade = ShadeRamp.index(of: grid.cells[i])
                guard shade != shades[i] else { continue }
                let target = (column: origin.column + x, row: origin.row + y)
                if let cursor = out.cursor, cursor.row == target.row, cursor.column >= origin.column,
                   cursor.column < target.column, target.column - cursor.column < out.moveCost(column: target.column, row: target.row) {
                    for k in rowStart + cursor.column - origin.column..<i { out.put(ShadeRamp.glyph(shades[k])) }
                } else {
                    out.move(column: target.column, row: target.row)
                }
                out.put(ShadeRamp.glyph(shade))
                shades[i] = shade
                written += 1
            }
        }
        return written
    }
}
