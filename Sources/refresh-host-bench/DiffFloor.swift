import RefreshTerminal

/// The fewest bytes that turn the cells on screen into the next frame's,
/// computed here on its own (none of the writer's code) so that the bench's
/// "actual / floor" compares the writer with something it did not define.
///
/// The floor of a frame is the least a writer can send that
/// - writes every cell whose two pixels changed, in screen order (left to
///   right, rows top to bottom: the order the cursor advances in), and
///   rewrites an unchanged cell only to bridge a gap;
/// - draws a cell of two colours as U+2580 (upper half: foreground on top)
///   or U+2584 (lower half: foreground below), 3 bytes, and a cell of one
///   colour as a space on that background (1 byte) or U+2588 on that
///   foreground (3 bytes);
/// - sets colours with exact truecolor SGR (`ESC[38;2;r;g;bm`, `48;2;...`,
///   both in one sequence when both change), only right before a changed
///   cell that needs them: the cheapest choice of glyph and colour slot per
///   cell over the whole frame, found exactly by dynamic programming over
///   the (foreground, background) the terminal holds;
/// - reaches each run of changed cells from where the cursor is by the
///   shortest of: CUP `ESC[r;cH` (parameters dropped when 1), CUF/CUB/CUD/CUU
///   `ESC[nC` etc. (n dropped when 1), CHA `ESC[nG`, VPA `ESC[nd`, CR, IND
///   `ESC D` per row down, NEL `ESC E` (CR and IND in one), combined, or
///   rewriting the unchanged cells in between, counted at their glyph bytes
///   alone (a lower bound: their colours are free).
/// Starting from the cursor and colours the terminal had before the frame.
/// The 256-colour and 16-colour forms are shorter but show the terminal's
/// palette, not necessarily the exact colour, so they are not counted.
enum DiffFloor {
    struct Colours: Hashable {
        var fg: RGB?
        var bg: RGB?
    }

    static func bytes(from previous: CellGrid?, to next: CellGrid, at origin: (column: Int, row: Int),
                      screenColumns: Int, cursor start: (column: Int, row: Int)?, colours: Colours) -> Int {
        var total = 0
        var cursor = start
        var changed: [Cell] = []
        for y in 0..<next.height {
            var x = 0
            while x < next.width {
                guard isChanged(x, y, previous, next) else { x += 1; continue }
                var end = x
                while end < next.width, isChanged(end, y, previous, next) { end += 1 }
                let target = (column: origin.column + x, row: origin.row + y)
                var move = moveCost(from: cursor, to: target)
                if let c = cursor, c.row == target.row, c.column < target.column, c.column >= origin.column {
                    let bridge = (c.column - origin.column..<x).reduce(0) { $0 + glyphBytes(next[$1, y]) }
                    move = min(move, bridge)
                }
                total += move
                for i in x..<end {
                    total += glyphBytes(next[i, y])
                    changed.append(next[i, y])
                }
                let after = origin.column + end
                cursor = after >= screenColumns ? nil : (after, target.row)
                x = end
            }
        }
        return total + colourBytes(changed, from: colours)
    }

    static func isChanged(_ x: Int, _ y: Int, _ previous: CellGrid?, _ next: CellGrid) -> Bool {
        guard let previous else { return true }
        return previous[x, y] != next[x, y]
    }

    /// The least a glyph can cost: a space for one colour, a half block for two.
    static func glyphBytes(_ cell: Cell) -> Int { cell.top == cell.bottom ? 1 : 3 }

    // MARK: Colours

    /// Exact minimum of the SGR bytes plus the extra glyph bytes (U+2588
    /// instead of a space) over every choice of glyph and slot per cell.
    static func colourBytes(_ cells: [Cell], from start: Colours) -> Int {
        var states: [Colours: Int] = [start: 0]
        for cell in cells {
            var next: [Colours: Int] = [:]
            func offer(_ state: Colours, _ cost: Int) {
                if let known = next[state], known <= cost { return }
                next[state] = cost
            }
            for (state, cost) in states {
                if cell.top != cell.bottom {
                    for (fg, bg) in [(cell.top, cell.bottom), (cell.bottom, cell.top)] {
                        offer(Colours(fg: fg, bg: bg), cost + sgr(state, Colours(fg: fg, bg: bg)))
                    }
                } else {
                    let c = cell.top
                    if state.bg == c { offer(state, cost) }
                    if state.fg == c { offer(state, cost + 2) }  // U+2588 is 2 bytes more than a space
                    offer(Colours(fg: state.fg, bg: c), cost + sgr(state, Colours(fg: state.fg, bg: c)))
                    offer(Colours(fg: c, bg: state.bg), cost + sgr(state, Colours(fg: c, bg: state.bg)) + 2)
                }
            }
            states = prune(next)
        }
        return states.values.min() ?? 0
    }

    /// Drops the states that the cheapest one reaches for no more than they
    /// cost: they can never lead to a cheaper frame, so the result stays exact.
    static func prune(_ states: [Colours: Int]) -> [Colours: Int] {
        guard states.count > 1, let best = states.min(by: { $0.value < $1.value }) else { return states }
        return states.filter { state, cost in
            state == best.key || cost < best.value + sgr(best.key, state)
        }
    }

    /// The SGR that turns `from` into `to`; an unknown slot in `to` asks for nothing.
    static func sgr(_ from: Colours, _ to: Colours) -> Int {
        var parameters: [Int] = []
        if let fg = to.fg, fg != from.fg { parameters.append(colourParameter(fg)) }
        if let bg = to.bg, bg != from.bg { parameters.append(colourParameter(bg)) }
        guard !parameters.isEmpty else { return 0 }
        return 3 + parameters.reduce(0, +) + parameters.count - 1  // ESC [ ... m, ';' between
    }

    /// "38;2;r;g;b": 5 + the digits + 2 separators.
    static func colourParameter(_ c: RGB) -> Int {
        7 + digits(Int(c.r)) + digits(Int(c.g)) + digits(Int(c.b))
    }

    // MARK: Moves

    static func digits(_ n: Int) -> Int { n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : 4 }

    /// ESC [ n X, n left out when it is 1.
    static func relative(_ n: Int) -> Int { 3 + (n == 1 ? 0 : digits(n)) }

    /// ESC [ n X for an absolute 0-based position, left out when it is 0.
    static func absolute(_ p: Int) -> Int { 3 + (p == 0 ? 0 : digits(p + 1)) }

    static func moveCost(from cursor: (column: Int, row: Int)?, to target: (column: Int, row: Int)) -> Int {
        // CUP: ESC [ row ; column H, the column (and ';') left out when it is the first.
        let cup = 3 + (target.row == 0 ? 0 : digits(target.row + 1)) + (target.column == 0 ? 0 : 1 + digits(target.column + 1))
        guard let c = cursor else { return cup }
        if c.column == target.column, c.row == target.row { return 0 }
        let dy = target.row - c.row
        // From column `from` on the target row to the target column.
        func horizontal(from column: Int) -> Int {
            if column == target.column { return 0 }
            var best = absolute(target.column)  // CHA
            if target.column == 0 { best = 1 }  // CR
            else { best = min(best, 1 + relative(target.column)) }  // CR, CUF
            if target.column > column { best = min(best, relative(target.column - column)) }
            if target.column < column { best = min(best, relative(column - target.column)) }
            return best
        }
        var vertical = 0
        if dy > 0 { vertical = min(2 * dy, relative(dy)) }  // IND per row, or CUD
        if dy < 0 { vertical = relative(-dy) }  // CUU
        if dy != 0 { vertical = min(vertical, absolute(target.row)) }  // VPA
        var best = min(cup, vertical + horizontal(from: c.column))
        if dy > 0 { best = min(best, 2 + min(2 * (dy - 1), dy > 1 ? relative(dy - 1) : 0) + horizontal(from: 0)) }  // NEL first
        return best
    }
}
