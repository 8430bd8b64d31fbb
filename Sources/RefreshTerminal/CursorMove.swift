/// The shortest way to move the cursor from one cell to another: a full
/// position (CUP) or a vertical step then a horizontal one, whichever takes
/// fewer bytes. Only sequences every VT100-descended terminal knows: CUP,
/// CUF/CUB/CUD/CUU, CHA, CR, IND (`ESC D`, down one row, column kept) and
/// NEL (`ESC E`, down one row to the first column). Never LF: with the tty's
/// output processing on (ONLCR) it would also return the carriage.
/// IND scrolls at the bottom row, but a move only ever passes rows above
/// its target, which is on the screen.
struct CursorMove: Equatable {
    enum Vertical: Equatable {
        case none
        /// IND this many times.
        case index(Int)
        case down(Int)
        case up(Int)
        /// NEL, then IND this many times: ends in the first column.
        case nextLine(Int)
    }

    enum Horizontal: Equatable {
        case none
        case carriageReturn
        case forward(Int)
        case backward(Int)
        /// CHA, 0-based.
        case column(Int)
        case carriageReturnForward(Int)
    }

    enum Plan: Equatable {
        /// CUP, 0-based.
        case position(column: Int, row: Int)
        case steps(Vertical, Horizontal)
    }

    let plan: Plan
    let byteCount: Int

    /// The cheapest move from `cursor` (nil: unknown) to `target`.
    init(from cursor: (column: Int, row: Int)?, to target: (column: Int, row: Int)) {
        let cup = 3 + Self.digits(target.row + 1) + (target.column == 0 ? 0 : 1 + Self.digits(target.column + 1))
        var best = (Plan.position(column: target.column, row: target.row), cup)
        if let cursor {
            let dy = target.row - cursor.row
            func consider(_ vertical: Vertical, _ cost: Int, from column: Int) {
                let horizontal = Self.horizontal(from: column, to: target.column)
                if cost + horizontal.1 < best.1 { best = (.steps(vertical, horizontal.0), cost + horizontal.1) }
            }
            if dy == 0 { consider(.none, 0, from: cursor.column) }
            if dy > 0 {
                if dy <= 2 { consider(.index(dy), 2 * dy, from: cursor.column) }
                consider(.down(dy), Self.relative(dy), from: cursor.column)
                if dy <= 3 { consider(.nextLine(dy - 1), 2 * dy, from: 0) }
            }
            if dy < 0 { consider(.up(-dy), Self.relative(-dy), from: cursor.column) }
        }
        plan = best.0
        byteCount = best.1
    }

    private static func horizontal(from column: Int, to target: Int) -> (Horizontal, Int) {
        if column == target { return (.none, 0) }
        if target == 0 { return (.carriageReturn, 1) }
        var best = (Horizontal.column(target), 3 + digits(target + 1))
        let viaReturn = 1 + relative(target)
        if viaReturn < best.1 { best = (.carriageReturnForward(target), viaReturn) }
        let direct = relative(abs(target - column))
        if direct < best.1 { best = (target > column ? .forward(target - column) : .backward(column - target), direct) }
        return best
    }

    static func digits(_ n: Int) -> Int { n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : n < 10000 ? 4 : 5 }

    /// `ESC [ n X`, n left out when it is 1.
    static func relative(_ n: Int) -> Int { 3 + (n == 1 ? 0 : digits(n)) }

    /// Appends the move's bytes.
    func emit(into bytes: inout [UInt8]) {
        func csi(_ n: Int?, _ final: UInt8) {
            bytes.append(0x1B)
            bytes.append(0x5B)
            if let n { TerminalOutput.appendNumber(n, to: &bytes) }
            bytes.append(final)
        }
        func relative(_ n: Int, _ final: UInt8) { csi(n == 1 ? nil : n, final) }
        switch plan {
        case let .position(column, row):
            bytes.append(0x1B)
            bytes.append(0x5B)
            TerminalOutput.appendNumber(row + 1, to: &bytes)
            if column > 0 {
                bytes.append(0x3B)
                TerminalOutput.appendNumber(column + 1, to: &bytes)
            }
            bytes.append(0x48)  // H
        case let .steps(vertical, horizontal):
            switch vertical {
            case .none: break
            case let .index(n): for _ in 0..<n { bytes.append(contentsOf: [0x1B, 0x44]) }  // ESC D
            case let .down(n): relative(n, 0x42)  // B
            case let .up(n): relative(n, 0x41)  // A
            case let .nextLine(n):
                bytes.append(contentsOf: [0x1B, 0x45])  // ESC E
                for _ in 0..<n { bytes.append(contentsOf: [0x1B, 0x44]) }
            }
            switch horizontal {
            case .none: break
            case .carriageReturn: bytes.append(0x0D)
            case let .forward(n): relative(n, 0x43)  // C
            case let .backward(n): relative(n, 0x44)  // D
            case let .column(c): csi(c + 1, 0x47)  // G
            case let .carriageReturnForward(n):
                bytes.append(0x0D)
                relative(n, 0x43)
            }
        }
    }
}
