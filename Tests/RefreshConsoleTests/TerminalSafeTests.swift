import RefreshText
import Testing

/// `terminalSafe`: the one visible form of control characters in human output (docs/cli.md).
@Suite struct TerminalSafeTests {
    @Test func plainTextIsUnchanged() {
        #expect("Yahoo News Digest — 雅虎 \\ ok".terminalSafe == "Yahoo News Digest — 雅虎 \\ ok")
    }

    @Test func c0ControlsAndDelAreSpelledOut() {
        #expect("a\u{1B}[31mb\rc\nd\te".terminalSafe == "a\\e[31mb\\rc\\nd\\te")
        #expect("\u{0}\u{7}\u{8}\u{1F}\u{7F}".terminalSafe == "\\x00\\x07\\x08\\x1f\\x7f")
    }

    @Test func c1ControlsBidiAndSeparatorsAreCodePoints() {
        #expect("x\u{9B}2J".terminalSafe == "x\\u{9B}2J")
        #expect("\u{85}\u{200E}\u{200F}\u{202A}\u{202E}\u{2066}\u{2069}\u{61C}".terminalSafe
            == "\\u{85}\\u{200E}\\u{200F}\\u{202A}\\u{202E}\\u{2066}\\u{2069}\\u{61C}")
        #expect("a\u{2028}b\u{2029}".terminalSafe == "a\\u{2028}b\\u{2029}")
    }

    @Test func resultHasNoByteATerminalObeys() {
        let hostile = String(decoding: (0...0x7F as ClosedRange<UInt8>).map { $0 }, as: UTF8.self) + "\u{80}\u{9F}\u{202E}"
        let safe = hostile.terminalSafe
        #expect(!safe.utf8.contains { $0 < 0x20 || $0 == 0x7F })
        #expect(!safe.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value == 0x202E })
    }

    @Test func jsonEscapesWhatATerminalWouldObey() {
        #expect(JSON.quote("a\u{1B}b\u{7F}\u{9B}\u{202E}\u{2028}é") == #""a\u001bb\u007f\u009b\u202e\u2028é""#)
        // Without a C0 control, quote or backslash beside them (the whole-string path missed these).
        #expect(JSON.quote("a\u{7F}b") == #""a\u007fb""#)
        #expect(JSON.quote("\u{202E}txt.so") == #""\u202etxt.so""#)
        #expect(JSON.quote("x\u{9B}31m\u{2029}é") == #""x\u009b31m\u2029é""#)
    }
}
