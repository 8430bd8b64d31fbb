import RefreshText

/// Text measured and cut in terminal columns rather than characters: a CJK
/// character or an emoji takes two columns, a combining accent none (it is
/// part of its character).
public enum TextFit {
    /// The ellipsis that marks a cut: one column.
    public static let ellipsis: Character = "…"

    /// Columns `text` takes on a terminal.
    public static func width<S: StringProtocol>(_ text: S) -> Int {
        text.reduce(0) { $0 + width($1) }
    }

    /// Columns one character takes: 2 for East Asian wide and emoji, else 1.
    public static func width(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.count > 1, character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) {
            return 2 // an emoji presentation selector: drawn as an emoji
        }
        return isWide(first) ? 2 : 1
    }

    /// Control characters (a newline in a file name, an escape sequence in a
    /// plugin's text) written out visibly (`\e`, `\n`, ...: `terminalSafe`):
    /// a table cell stays on its line and cannot drive the terminal.
    public static func printable(_ text: String) -> String { text.terminalSafe }

    /// `text` cut at the end to at most `columns`, with an ellipsis when cut.
    public static func truncate(_ text: String, to columns: Int) -> String {
        guard width(text) > columns else { return text }
        guard columns > 0 else { return "" }
        return String(prefix(text, columns: columns - 1)) + String(ellipsis)
    }

    /// `text` cut at the start to at most `columns`, with an ellipsis when cut.
    public static func truncateStart(_ text: String, to columns: Int) -> String {
        guard width(text) > columns else { return text }
        guard columns > 0 else { return "" }
        return String(ellipsis) + String(suffix(text, columns: columns - 1))
    }

    /// `text` at most `columns` wide with its middle replaced by an ellipsis:
    /// for paths, whose end (the file name) and start (which folder tree) say
    /// the most. The end gets two thirds of the room.
    public static func elideMiddle(_ text: String, to columns: Int) -> String {
        guard width(text) > columns else { return text }
        guard columns > 2 else { return truncate(text, to: columns) }
        let room = columns - 1
        let head = prefix(text, columns: room / 3)
        let tail = suffix(text, columns: room - width(head))
        return String(head) + String(ellipsis) + String(tail)
    }

    /// `text` at most `columns` wide keeping its last part, from the last
    /// `separator` on, whole: a path keeps its file name ("/usr/…/libWave.so"),
    /// an id its last label ("com.…colorchange"). When even that does not
    /// fit with a few columns of the start, the end alone ("…ChangeStyle.so").
    public static func elide(_ text: String, to columns: Int, keepingLast separator: Character) -> String {
        guard width(text) > columns else { return text }
        guard columns > 2 else { return truncate(text, to: columns) }
        let room = columns - 1
        if let at = text.lastIndex(of: separator), at != text.startIndex {
            let tail = text[at...]
            let headRoom = room - width(tail)
            if headRoom >= 4 { return String(prefix(text, columns: headRoom)) + String(ellipsis) + String(tail) }
        }
        return String(ellipsis) + String(suffix(text, columns: room))
    }

    /// `text` padded with spaces to `columns` (never cut).
    public static func pad(_ text: String, to columns: Int) -> String {
        let w = width(text)
        return w >= columns ? text : text + String(repeating: " ", count: columns - w)
    }

    /// The longest start of `text` that fits in `columns`.
    static func prefix(_ text: String, columns: Int) -> Substring {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let w = width(text[index])
            if used + w > columns { break }
            used += w
            end = text.index(after: index)
        }
        return text[..<end]
    }

    /// The longest end of `text` that fits in `columns`.
    static func suffix(_ text: String, columns: Int) -> Substring {
        var used = 0
        var start = text.endIndex
        while start > text.startIndex {
            let before = text.index(before: start)
            let w = width(text[before])
            if used + w > columns { break }
            used += w
            start = before
        }
        return text[start...]
    }

    /// East Asian Wide and Fullwidth blocks and the emoji blocks: the ranges
    /// that matter for names and paths, not the whole Unicode table.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// `text` in lines of at most `columns`, broken at spaces; a word longer
    /// than a line (a path) is broken where the line ends.
    public static func wrap(_ text: String, to columns: Int) -> [String] {
        let columns = max(1, columns)
        var lines: [String] = []
        var line = ""
        for word in printable(text).split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            var word = word
            if !line.isEmpty, width(line) + 1 + width(word) <= columns {
                line += " " + word
                continue
            }
            if !line.isEmpty { lines.append(line) }
            // A word wider than a line goes over several, broken at the width.
            while width(word) > columns {
                var head = ""
                for character in word {
                    if width(head) + width(character) > columns { break }
                    head.append(character)
                }
                if head.isEmpty { head = String(word.prefix(1)) }
                lines.append(head)
                word = String(word.dropFirst(head.count))
            }
            line = word
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
