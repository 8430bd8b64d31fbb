/// Draws cell grids at a place on the screen, writing only the cells that
/// differ from the grid it drew last: an idle preview costs no bytes at all.
public struct CellWriter {
    /// What is on the screen now, or nil: draw everything next time.
    public private(set) var onScreen: CellGrid?
    private var origin = (column: 0, row: 0)

    public init() {}

    /// The next frame redraws every cell (after a resize or a clear).
    public mutating func invalidate() {
        onScreen = nil
    }

    /// Appends what turns the screen into `grid` (top-left cell at `column`,
    /// `row`) and returns how many cells it wrote.
    @discardableResult
    public mutating func draw(_ grid: CellGrid, column: Int, row: Int, into out: inout TerminalOutput) -> Int {
        let previous: CellGrid? =
            onScreen.flatMap { $0.width == grid.width && $0.height == grid.height && origin == (column, row) ? $0 : nil }
        var written = 0
        for y in 0..<grid.height {
            for x in 0..<grid.width {
                let cell = grid[x, y]
                if let previous, previous[x, y] == cell { continue }
                out.move(column: column + x, row: row + y)
                Self.put(cell, into: &out)
                written += 1
            }
        }
        onScreen = grid
        origin = (column, row)
        return written
    }

    /// One cell, with the fewest colour changes: a cell whose two pixels are
    /// the same needs only one colour, as a space (background) or a full
    /// block (foreground), whichever is already set.
    static func put(_ cell: Cell, into out: inout TerminalOutput) {
        if cell.top == cell.bottom {
            if out.background == cell.top {
                out.put(Glyph.space)
            } else if out.foreground == cell.top {
                out.put(Glyph.full)
            } else {
                out.setColors(foreground: nil, background: cell.top)
                out.put(Glyph.space)
            }
        } else {
            out.setColors(foreground: cell.top, background: cell.bottom)
            out.put(Glyph.upperHalf)
        }
    }
}
