/// The bytes of one frame, and what the terminal will look like after them:
/// where the cursor is and which colours are set. Knowing both is what lets
/// the preview skip a cursor move or a colour change that would change nothing.
public struct TerminalOutput {
    public private(set) var bytes: [UInt8] = []
    /// The screen's width in columns: writing in the last one leaves the
    /// cursor there (autowrap is off), so its position is then unknown.
    public var columns: Int
    /// 0-based (column, row), or nil when unknown.
    public private(set) var cursor: (column: Int, row: Int)?
    public private(set) var foreground: RGB?
    public private(set) var background: RGB?
    /// False: colour requests write nothing, for a terminal that must get no
    /// colour (`NO_COLOR`, `TERM=dumb`): the cells then come as characters.
    public let colored: Bool

    public init(columns: Int, colored: Bool = true) {
        self.columns = columns
        self.colored = colored
    }

    /// Empties the byte buffer, keeping what is known about the terminal.
    public mutating func startFrame() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Forgets the cursor and colours: after a resize or anything else that
    /// may have changed them behind our back.
    public mutating func forgetState() {
        cursor = nil
        foreground = nil
        background = nil
    }

    public mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Default colours and attributes, and an empty screen.
    public mutating func clearScreen() {
        append("\u{1B}[0m\u{1B}[2J")
        foreground = nil
        background = nil
    }

    /// Moves the cursor, by the shortest sequence that does it.
    public mutating func move(column: Int, row: Int) {
        if let c = cursor, c.row == row, c.column == column { return }
        CursorMove(from: cursor, to: (column, row)).emit(into: &bytes)
        cursor = (column, row)
    }

    /// What `move` would write, in bytes.
    func moveCost(column: Int, row: Int) -> Int {
        if let c = cursor, c.row == row, c.column == column { return 0 }
        return CursorMove(from: cursor, to: (column, row)).byteCount
    }

    /// Sets the colours that differ from the current ones, in one sequence.
    public mutating func setColors(foreground fg: RGB?, background bg: RGB?) {
        guard colored else { return }
        let changeFG = fg != nil && fg != foreground
        let changeBG = bg != nil && bg != background
        guard changeFG || changeBG else { return }
        bytes.append(contentsOf: [0x1B, 0x5B])
        if changeFG, let fg {
            bytes.append(contentsOf: [0x33, 0x38, 0x3B, 0x32])  // "38;2"
            appendRGB(fg)
            foreground = fg
        }
        if changeBG, let bg {
            if changeFG { bytes.append(0x3B) }
            bytes.append(contentsOf: [0x34, 0x38, 0x3B, 0x32])  // "48;2"
            appendRGB(bg)
            background = bg
        }
        bytes.append(0x6D)
    }

    /// What `setColors` would write, in bytes.
    func colorCost(foreground fg: RGB?, background bg: RGB?) -> Int {
        Self.colorCost(from: (foreground, background), to: (fg, bg), colored: colored)
    }

    /// The SGR that takes colours `from` to `to` (nil in `to`: keep), in bytes:
    /// ESC [ ... m with "38;2;r;g;b" / "48;2;r;g;b" joined by ';'.
    static func colorCost(from: (RGB?, RGB?), to: (RGB?, RGB?), colored: Bool = true) -> Int {
        guard colored else { return 0 }
        var cost = 0
        if let fg = to.0, fg != from.0 { cost += parameterLength(fg) }
        if let bg = to.1, bg != from.1 { cost += cost > 0 ? parameterLength(bg) + 1 : parameterLength(bg) }
        return cost > 0 ? cost + 3 : 0
    }

    /// "38;2;r;g;b": 5 characters, the digits, 2 separators.
    private static func parameterLength(_ c: RGB) -> Int {
        7 + CursorMove.digits(Int(c.r)) + CursorMove.digits(Int(c.g)) + CursorMove.digits(Int(c.b))
    }

    /// Writes one cell's glyph (UTF-8) at the cursor, which must be known.
    public mutating func put(_ glyph: [UInt8]) {
        bytes.append(contentsOf: glyph)
        if let c = cursor { cursor = c.column + 1 >= columns ? nil : (c.column + 1, c.row) }
    }

    /// Writes plain text (single-width characters) at the cursor.
    public mutating func putText(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        if let c = cursor {
            let end = c.column + text.count
            cursor = end >= columns ? nil : (end, c.row)
        }
    }

    private mutating func appendRGB(_ color: RGB) {
        bytes.append(0x3B)
        Self.appendNumber(Int(color.r), to: &bytes)
        bytes.append(0x3B)
        Self.appendNumber(Int(color.g), to: &bytes)
        bytes.append(0x3B)
        Self.appendNumber(Int(color.b), to: &bytes)
    }

    /// Decimal digits without going through String: this runs per cell.
    static func appendNumber(_ value: Int, to bytes: inout [UInt8]) {
        if value >= 10 { appendNumber(value / 10, to: &bytes) }
        bytes.append(0x30 + UInt8(value % 10))
    }
}

/// The glyphs a cell can be drawn with.
enum Glyph {
    /// U+2580 UPPER HALF BLOCK: foreground on top, background below.
    static let upperHalf: [UInt8] = [0xE2, 0x96, 0x80]
    /// U+2584 LOWER HALF BLOCK: background on top, foreground below.
    static let lowerHalf: [UInt8] = [0xE2, 0x96, 0x84]
    /// U+2588 FULL BLOCK: the foreground alone.
    static let full: [UInt8] = [0xE2, 0x96, 0x88]
    static let space: [UInt8] = [0x20]
}
