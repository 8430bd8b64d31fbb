/// How one cell is drawn: a glyph, and the colours the terminal must hold
/// for it (nil: keep what it holds), with what that costs in bytes.
struct CellPaint {
    enum Shape {
        /// A space: the background alone.
        case space
        /// U+2588: the foreground alone.
        case full
        /// U+2580: foreground on top, background below.
        case upperHalf
        /// U+2584: background on top, foreground below.
        case lowerHalf
    }

    var shape: Shape
    var foreground: RGB?
    var background: RGB?
    /// SGR bytes and glyph bytes.
    var cost: Int

    var glyph: [UInt8] {
        switch shape {
        case .space: Glyph.space
        case .full: Glyph.full
        case .upperHalf: Glyph.upperHalf
        case .lowerHalf: Glyph.lowerHalf
        }
    }
}

/// Chooses how to draw each cell so that the colours change as little as
/// possible: a cell of two colours can be an upper half block or a lower
/// one (the same pixels with foreground and background swapped), a cell of
/// one colour a space or a full block; whichever keeps a colour the
/// terminal already holds wins, looking one cell ahead to break ties.
enum CellPainter {
    /// The cheapest way to draw `cell` with the terminal holding `fg` and
    /// `bg`, counting what it leaves for `next` (the cell drawn after it).
    static func choose(_ cell: Cell, next: Cell?, fg: RGB?, bg: RGB?) -> CellPaint {
        var best = CellPaint(shape: .space, cost: Int.max)
        var bestTotal = Int.max
        options(cell, fg: fg, bg: bg) { option in
            var total = option.cost
            if let next {
                var after = Int.max
                options(next, fg: option.foreground ?? fg, bg: option.background ?? bg) { after = min(after, $0.cost) }
                total += after
            }
            if total < bestTotal {
                best = option
                bestTotal = total
            }
        }
        return best
    }

    /// What drawing `cells` in a row would cost from `fg`, `bg`, stopping
    /// early once it passes `limit`.
    static func cost(of cells: ArraySlice<Cell>, fg: RGB?, bg: RGB?, limit: Int) -> Int {
        var state = (fg, bg)
        var total = 0
        for (i, cell) in zip(cells.indices, cells) {
            let paint = choose(cell, next: i + 1 < cells.endIndex ? cells[i + 1] : nil, fg: state.0, bg: state.1)
            total += paint.cost
            if total > limit { return total }
            state = (paint.foreground ?? state.0, paint.background ?? state.1)
        }
        return total
    }

    /// Calls `body` with each way worth considering. A way that needs no
    /// colour change is the only one offered: changing a colour now rather
    /// than when a later cell needs it can only cost the same or more.
    @inline(__always)
    static func options(_ cell: Cell, fg: RGB?, bg: RGB?, _ body: (CellPaint) -> Void) {
        func colours(_ shape: CellPaint.Shape, _ newFG: RGB?, _ newBG: RGB?) -> CellPaint {
            let sgr = TerminalOutput.colorCost(from: (fg, bg), to: (newFG, newBG))
            return CellPaint(shape: shape, foreground: newFG, background: newBG, cost: sgr + (shape == .space ? 1 : 3))
        }
        if cell.top != cell.bottom {
            if fg == cell.top, bg == cell.bottom { return body(CellPaint(shape: .upperHalf, cost: 3)) }
            if fg == cell.bottom, bg == cell.top { return body(CellPaint(shape: .lowerHalf, cost: 3)) }
            body(colours(.upperHalf, cell.top, cell.bottom))
            body(colours(.lowerHalf, cell.bottom, cell.top))
        } else {
            let c = cell.top
            if bg == c { return body(CellPaint(shape: .space, cost: 1)) }
            if fg == c { return body(CellPaint(shape: .full, cost: 3)) }
            body(colours(.space, nil, c))
            body(colours(.full, c, nil))
        }
    }
}

extension CellPaint {
    init(shape: Shape, cost: Int) {
        self.init(shape: shape, foreground: nil, background: nil, cost: cost)
    }
}
