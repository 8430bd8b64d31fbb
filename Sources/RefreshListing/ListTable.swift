import RefreshConsole
import RefreshDiscovery

/// `list`'s table of the plugins on the search path, fitted to a width.
public enum ListTable {
    /// The table at `width`. When a status's reason would be cut (a refusal
    /// is useless as "refused: n…"), STATUS holds only the word and each
    /// reason follows its row on lines of its own, indented and wrapped to
    /// the width, so it is read whole; the other columns fit as before.
    public static func render(_ entries: [PluginEntry], width: Int?, color: ColorPolicy) -> String {
        let full = table(entries)
        guard let width, !full.showsWhole(3, width: width) else { return full.render(width: width, color: color) }
        let lines = table(entries, reasons: false).render(width: width, color: color).split(separator: "\n", omittingEmptySubsequences: false)
        var out = [String(lines[0])]
        for (entry, line) in zip(entries, lines.dropFirst()) {
            out.append(String(line))
            guard let reason = reason(entry.status) else { continue }
            out += TextFit.wrap(reason, to: width - 4).map { "    " + color.paint($0, entry.status.textStyle) }
        }
        return out.joined(separator: "\n")
    }

    /// The table as wide as the terminal allows (see Table.shrinking).
    /// `reasons`: each status with its reason ("refused: not ELF"), or the word alone.
    public static func table(_ entries: [PluginEntry], reasons: Bool = true) -> Table {
        var table = Table(header: ["ID", "NAME", "VERSION", "STATUS", "FILE"])
        table.cuts = [.start, .end, .end, .end, .keepingLast("/")]
        // Room first from the path (its file name stays), then the status reason, the name
        // (the id says it too), the id (its end stays), a step at a time, down to where each
        // still says something. VERSION, then NAME, are left out before the id is cut short.
        table.shrinking = [
            .init(4, to: 40), .init(3, to: 40), .init(1, to: 12), .init(4, to: 24), .init(3, to: 16),
            .init(1, to: 8), .drop(2), .init(0, to: 20), .init(4, to: 16), .init(3, to: 11), .drop(1),
            .init(0, to: 14),
        ]
        for entry in entries {
            table.rows.append([
                Table.Cell(entry.descriptor?.id ?? "-"), Table.Cell(entry.descriptor?.name ?? "-"),
                Table.Cell(entry.descriptor?.version ?? "-"),
                Table.Cell((reasons ? status(entry.status) : entry.status.word) + mark(entry), style: entry.status.textStyle),
                Table.Cell(entry.file),
            ])
        }
        return table
    }

    /// The short mark after a loaded style's status when its file has features it does not draw
    /// (`info` lists them): " (2 not drawn)".
    public static func mark(_ entry: PluginEntry) -> String {
        guard case .loaded = entry.status, let n = entry.descriptor?.unsupported.count, n > 0 else { return "" }
        return " (\(n) not drawn)"
    }

    /// What follows the status word: why, or which file shadows it; nil for a loaded style.
    public static func reason(_ status: PluginStatus) -> String? {
        switch status {
        case .loaded: nil
        case let .shadowed(by): "shadowed by \(by)"
        case let .rejected(why), let .refused(why), let .quarantined(why): why
        }
    }

    public static func status(_ status: PluginStatus) -> String {
        switch status {
        case .loaded: "loaded"
        case let .shadowed(by): "shadowed by \(by)"
        case let .rejected(why): "rejected: \(why)"
        case let .refused(why): "refused: \(why)"
        case let .quarantined(why): "quarantined: \(why)"
        }
    }
}
