import RefreshConsole
import Testing

@Suite struct TableTests {
    func sample() -> Table {
        var table = Table(header: ["ID", "STATUS", "FILE"])
        table.cuts = [.end, .end, .middle]
        table.shrinking = [.init(2, to: 20), .init(1, to: 10)]
        table.rows = [
            ["com.example.wave", Table.Cell("loaded", style: .green), "/usr/local/lib/refresh-host/plugins/libWave.so"],
            ["com.example.bad", Table.Cell("rejected: the plugin's descriptor has no name", style: .red),
             "/home/someone/.local/lib/refresh-host/plugins/libBad.so"],
        ]
        return table
    }

    @Test("without a limit every cell is whole")
    func unlimited() {
        let text = sample().render()
        #expect(text.contains("/home/someone/.local/lib/refresh-host/plugins/libBad.so"))
        #expect(text.contains("rejected: the plugin's descriptor has no name"))
    }

    @Test("at any width no line is wider than the limit, and the columns stay aligned", arguments: [100, 80, 60, 40, 30, 20, 12, 5])
    func fits(width: Int) {
        let lines = sample().render(width: width).split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        for line in lines { #expect(TextFit.width(line) <= width, "\(width): '\(line)'") }
        // The second column starts at the same place on every line: a space before it, text at it.
        if let start = lines[0].firstRange(of: "STATUS")?.lowerBound {
            let column = TextFit.width(lines[0][..<start])
            for line in lines.dropFirst() {
                let characters = Array(line)
                #expect(characters[column - 1] == " " && characters[column] != " ", "\(width): '\(line)'")
            }
        }
    }

    @Test("the file gives up room first, elided in the middle; then the status is cut at its end")
    func order() {
        let lines = sample().render(width: 90).split(separator: "\n").map(String.init)
        #expect(lines[2].contains("rejected: the plugin's descriptor has no name"), "\(lines)")
        #expect(lines[2].contains("…") && lines[2].hasSuffix("libBad.so"), "\(lines)")
        let narrow = sample().render(width: 50).split(separator: "\n").map(String.init)
        #expect(narrow[2].contains("rejected: …") || narrow[2].contains("rejected:…"), "\(narrow)")
        #expect(narrow[2].hasSuffix(".so"), "\(narrow)")
    }

    @Test("a dropped column is left out only when the steps before it were not enough, and gives its room back")
    func drop() {
        var table = Table(header: ["ID", "VERSION", "FILE"])
        table.cuts = [.start, .end, .keepingLast("/")]
        table.shrinking = [.init(2, to: 20), .drop(1), .init(0, to: 8)]
        table.rows = [["com.example.wave", "1.0.0", "/usr/local/lib/refresh-host/plugins/libWave.so"]]
        #expect(table.render(width: 60).hasPrefix("ID                VERSION  FILE"))
        let narrow = table.render(width: 40).split(separator: "\n").map(String.init)
        #expect(narrow[0].hasPrefix("ID                FILE"), "\(narrow)")
        // Without VERSION the file has more than its floor of 20.
        #expect(narrow[1] == "com.example.wave  /usr/local…/libWave.so", "\(narrow)")
    }

    @Test("colour goes on the text only: the same columns with it and without it")
    func colour() {
        let plain = sample().render(width: 60)
        let coloured = sample().render(width: 60, color: ColorPolicy(enabled: true))
        #expect(coloured.contains("\u{1B}[32mloaded\u{1B}[0m"))
        let stripped = coloured.replacing(/\x1B\[[0-9;]*m/, with: "")
        #expect(stripped == plain)
    }
}
