extension String {
    /// Whether the text holds a C0 control character or DEL: text that is
    /// spoken, shown on one line or passed as a one-line value must not.
    public var hasControlCharacters: Bool {
        unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// The text with every character that could move the cursor, end a line or
    /// drive a terminal written out visibly, for human output of what a plugin
    /// or the file system provides (names, log lines, paths, reasons): `\e`,
    /// `\r`, `\n`, `\t`, `\xNN` for the other C0 controls and DEL, `\u{NN}`
    /// for C1 controls, bidi overrides and isolates, and the line and
    /// paragraph separators (docs/cli.md). A backslash stays as it is: this
    /// is for reading, not for reading back; JSON carries the exact text.
    public var terminalSafe: String {
        guard unicodeScalars.contains(where: Self.needsShowing) else { return self }
        var out = ""
        out.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            guard Self.needsShowing(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar.value {
            case 0x1B: out += "\\e"
            case 0x0D: out += "\\r"
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case let v where v < 0x20 || v == 0x7F:
                out += "\\x" + (v < 0x10 ? "0" : "") + String(v, radix: 16)
            case let v: out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    /// C0, DEL, C1, the bidi embeddings, overrides, isolates and marks, and
    /// U+2028/U+2029: what a terminal obeys or reorders rather than shows.
    public static func needsShowing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
