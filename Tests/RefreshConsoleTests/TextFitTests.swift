import RefreshConsole
import Testing

@Suite struct TextFitTests {
    @Test("width counts terminal columns: wide characters 2, combining accents 0, the ellipsis 1")
    func widths() {
        #expect(TextFit.width("plain") == 5)
        #expect(TextFit.width("日本") == 4)
        #expect(TextFit.width("e\u{301}") == 1)
        #expect(TextFit.width("…") == 1)
        #expect(TextFit.width("🙂") == 2)
    }

    @Test("a path keeps its start and its file name, and fits exactly")
    func elideMiddle() {
        let path = "/home/someone/.local/lib/refresh-host/plugins/libColorChangeStyle.so"
        for columns in [12, 20, 33, 50] {
            let cut = TextFit.elideMiddle(path, to: columns)
            #expect(TextFit.width(cut) == columns, "\(cut)")
            #expect(cut.hasPrefix("/") && cut.contains("…"), "\(cut)")
            #expect(path.hasSuffix(String(cut.split(separator: "…").last!)), "\(cut)")
        }
        #expect(TextFit.elideMiddle(path, to: 40).hasSuffix("libColorChangeStyle.so"))
        #expect(TextFit.elideMiddle(path, to: path.count) == path)
    }

    @Test("a path keeps its whole file name while a few columns of its start fit beside it; else its end")
    func keepingLast() {
        let path = "/work/wt/.build/debug/plugins/libColorChangeStyle.so"
        #expect(TextFit.elide(path, to: 32, keepingLast: "/") == "/work/wt…/libColorChangeStyle.so")
        #expect(TextFit.elide(path, to: 24, keepingLast: "/") == "…/libColorChangeStyle.so")
        #expect(TextFit.elide(path, to: 16, keepingLast: "/") == "…rChangeStyle.so")
        for columns in 3...60 {
            #expect(TextFit.width(TextFit.elide(path, to: columns, keepingLast: "/")) == min(columns, path.count))
        }
        #expect(TextFit.truncateStart("com.refreshhost.colorchange", to: 12) == "…colorchange")
    }

    @Test("truncation ends with an ellipsis and never splits a wide character across the limit")
    func truncate() {
        #expect(TextFit.truncate("rejected: no entry point", to: 12) == "rejected: n…")
        #expect(TextFit.truncate("short", to: 12) == "short")
        #expect(TextFit.truncate("日本語のテキスト", to: 6) == "日本…")
        #expect(TextFit.width(TextFit.truncate("日本語のテキスト", to: 6)) == 5)
        #expect(TextFit.truncate("abc", to: 0) == "")
    }

    @Test("control characters are written out visibly (\\e, \\n) so a cell cannot break its line or drive the terminal")
    func printable() {
        #expect(TextFit.printable("a\nb\u{1B}[2Jc\u{9B}") == "a\\nb\\e[2Jc\\u{9B}")
        #expect(TextFit.printable("ok") == "ok")
    }
}
