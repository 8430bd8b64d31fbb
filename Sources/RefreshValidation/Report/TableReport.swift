import RefreshText

/// The readable report: `check | status | time | detail`, then what went
/// wrong with each problem (expected, actual, gesture, reproduce), then the
/// summary line.
public enum TableReport {
    /// `paint(status, text)` may colour a status word (a terminal's colour); it must not change its width.
    public static func render(_ results: [CheckResult], header: String,
                              paint: (Status, String) -> String = { $1 }) -> String {
        let rows = [["CHECK", "STATUS", "TIME", "DETAIL"]] + results.map { r in
            [r.id, r.status.rawValue, fmt(r.seconds, 2) + " s", r.detail.terminalSafe]
        }
        let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = [header, ""]
        for (index, row) in rows.enumerated() {
            var cells = (0..<3).map { row[$0] + String(repeating: " ", count: widths[$0] - row[$0].count) }
            if index > 0 { cells[1] = paint(results[index - 1].status, row[1]) + cells[1].dropFirst(row[1].count) }
            lines.append((cells + [row[3]]).joined(separator: "  "))
        }
        let problems = results.filter { $0.status.isProblem }
        for r in problems {
            lines.append("")
            lines.append(paint(r.status, "\(r.status.rawValue.uppercased()):") + " \(r.id)")
            // What went wrong quotes the plugin and its file: control characters made visible.
            if !r.expected.isEmpty { lines.append("  expected:  \(r.expected.terminalSafe)") }
            if !r.actual.isEmpty { lines.append("  actual:    \(r.actual.terminalSafe)") }
            if !r.gesture.isEmpty { lines.append("  gesture:   \(r.gesture.terminalSafe)") }
            if !r.reproduce.isEmpty { lines.append("  reproduce: \(r.reproduce.terminalSafe)") }
        }
        lines.append("")
        lines.append(Summary(results).line)
        return lines.joined(separator: "\n")
    }
}
