@testable import RefreshTerminal

/// A small terminal for the tests: it understands exactly the sequences a
/// correct preview may send (CUP, CUF/CUB/CUD/CUU, CHA, CR, IND, NEL,
/// truecolor SGR, reset, clear) and fails on anything else, and on an IND
/// at the bottom row (a real terminal would scroll), so what the writer
/// sends can be replayed and the screen compared with the grid it was
/// meant to show. Autowrap is off, as the session sets it.
struct ScreenModel {
    struct Cell: Equatable {
        var glyph: Character = " "
        var foreground: RGB?
        var background: RGB?
    }

    let columns: Int
    let rows: Int
    var cells: [Cell]
    var column = 0
    var row = 0
    var foreground: RGB?
    var background: RGB?
    /// Glyphs written by the last `apply`.
    var glyphsWritten = 0
    var clears = 0

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Cell(), count: columns * rows)
    }

    subscript(column: Int, row: Int) -> Cell { cells[row * columns + column] }

    /// The two pixels a half-block cell shows, as a viewer sees them.
    func pixels(column: Int, row: Int) -> (top: RGB?, bottom: RGB?) {
        let c = self[column, row]
        switch c.glyph {
        case "\u{2580}": return (c.foreground, c.background)
        case "\u{2584}": return (c.background, c.foreground)
        case "\u{2588}": return (c.foreground, c.foreground)
        case " ": return (c.background, c.background)
        default: return (nil, nil)
        }
    }

    enum Failure: Error { case unexpected(String) }

    mutating func apply(_ bytes: [UInt8]) throws {
        glyphsWritten = 0
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0D {
                column = 0
                i += 1
            } else if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == 0x44 || bytes[i + 1] == 0x45 {
                // IND, NEL: down one row (NEL also to the first column).
                guard row < rows - 1 else { throw Failure.unexpected("IND/NEL on the bottom row would scroll") }
                row += 1
                if bytes[i + 1] == 0x45 { column = 0 }
                i += 2
            } else if bytes[i] == 0x1B {
                guard i + 1 < bytes.count, bytes[i + 1] == 0x5B else { throw Failure.unexpected("ESC without [") }
                var j = i + 2
                while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                guard j < bytes.count else { throw Failure.unexpected("unterminated CSI") }
                try csi(String(decoding: bytes[(i + 2)..<j], as: UTF8.self), final: Character(Unicode.Scalar(bytes[j])))
                i = j + 1
            } else {
                guard bytes[i] >= 0x20 else { throw Failure.unexpected("control byte \(bytes[i])") }
                var length = 1
                if bytes[i] >= 0xF0 { length = 4 } else if bytes[i] >= 0xE0 { length = 3 } else if bytes[i] >= 0xC0 { length = 2 }
                let text = String(decoding: bytes[i..<(i + length)], as: UTF8.self)
                try put(text.first!)
                i += length
            }
        }
    }

    private mutating func put(_ glyph: Character) throws {
        guard column < columns, row < rows else { throw Failure.unexpected("write outside the screen at \(column),\(row)") }
        cells[row * columns + column] = Cell(glyph: glyph, foreground: foreground, background: background)
        glyphsWritten += 1
        if column < columns - 1 { column += 1 }  // autowrap off: the last column sticks
    }

    private mutating func csi(_ parameters: String, final: Character) throws {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch final {
        case "H":
            row = (numbers.first.flatMap { $0 } ?? 1) - 1
            column = (numbers.count > 1 ? numbers[1] ?? 1 : 1) - 1
        case "C", "D", "B", "A", "G":
            let n = parameters.isEmpty ? 1 : numbers[0] ?? 1
            switch final {
            case "C": column = min(columns - 1, column + n)
            case "D": column = max(0, column - n)
            case "B": row = min(rows - 1, row + n)
            case "A": row = max(0, row - n)
            default: column = min(columns - 1, n - 1)
            }
        case "J":
            guard parameters == "2" else { throw Failure.unexpected("J \(parameters)") }
            cells = Array(repeating: Cell(background: background), count: columns * rows)
            clears += 1
        case "m":
            var k = 0
            let values = numbers.map { $0 ?? 0 }
            while k < values.count {
                switch values[k] {
                case 0: foreground = nil; background = nil; k += 1
                case 38, 48:
                    guard k + 4 < values.count, values[k + 1] == 2 else { throw Failure.unexpected("SGR \(parameters)") }
                    let color = RGB(r: UInt8(values[k + 2]), g: UInt8(values[k + 3]), b: UInt8(values[k + 4]))
                    if values[k] == 38 { foreground = color } else { background = color }
                    k += 5
                default: throw Failure.unexpected("SGR \(parameters)")
                }
            }
        default:
            throw Failure.unexpected("CSI \(parameters)\(final)")
        }
    }
}
