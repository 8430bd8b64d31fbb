/// A plain text table with left-aligned columns, two spaces apart, that
/// fits a width: columns are narrowed in a given order, each cut as suits
/// its content, so no row ever wraps. Colour goes on the text, never on
/// the padding, so the columns line up with it and without it.
public struct Table {
    public struct Cell: Sendable, ExpressibleByStringLiteral {
        public var text: String
        public var style: TextStyle?

        public init(_ text: String, style: TextStyle? = nil) {
            self.text = text
            self.style = style
        }

        public init(stringLiteral value: String) { self.init(value) }
    }

    /// How a narrowed column shortens a cell that no longer fits.
    public enum Cut: Sendable {
        /// Keep the start (names, reasons).
        case end
        /// Keep the end (ids, whose last label tells them apart).
        case start
        /// Keep the start and the end, the end getting two thirds.
        case middle
        /// Keep the part after the last separator whole: a path's file name, an id's last label.
        case keepingLast(Character)
    }

    /// One step of giving up room: narrow `column` to at most `floor`
    /// columns, or leave it out (`drop`), the others then getting their room back.
    public struct Shrink: Sendable {
        public var column: Int
        /// nil: leave the column out.
        public var floor: Int?

        public init(_ column: Int, to floor: Int) {
            self.column = column
            self.floor = floor
        }

        public static func drop(_ column: Int) -> Shrink {
            var step = Shrink(column, to: 0)
            step.floor = nil
            return step
        }
    }

    public var header: [String]
    public var rows: [[Cell]] = []
    /// Per column; missing ones cut at the end.
    public var cuts: [Cut] = []
    /// The order in which columns give up room when the table is too wide.
    /// When that is not enough, every column narrows right to left, down to one.
    public var shrinking: [Shrink] = []

    public init(header: [String]) { self.header = header }

    /// A row of plain cells.
    public mutating func append(_ row: [String]) { rows.append(row.map { Cell($0) }) }

    static let gap = 2

    /// The table as lines of at most `width` columns (nil: no limit), coloured per `color`.
    public func render(width: Int? = nil, color: ColorPolicy = .off) -> String {
        let header = self.header.map { Cell(TextFit.printable($0)) }
        let body = rows.map { $0.map { Cell(TextFit.printable($0.text), style: $0.style) } }
        let (shown, widths) = layout(header: header, body: body, width: width)
        return ([header] + body).map { cells in
            line(for: shown.map { $0 < cells.count ? cells[$0] : Cell("") }, widths: widths, cuts: shown.map(cut), color: color)
        }.joined(separator: "\n")
    }

    /// Whether every cell of `column` is shown whole at `width`: not cut, not left out.
    public func showsWhole(_ column: Int, width: Int?) -> Bool {
        let header = self.header.map { Cell(TextFit.printable($0)) }
        let body = rows.map { $0.map { Cell(TextFit.printable($0.text), style: $0.style) } }
        let (shown, widths) = layout(header: header, body: body, width: width)
        guard let at = shown.firstIndex(of: column) else { return false }
        return ([header] + body).allSatisfy { column >= $0.count || TextFit.width($0[column].text) <= widths[at] }
    }

    /// The columns shown and their widths at `width`.
    private func layout(header: [Cell], body: [[Cell]], width: Int?) -> (shown: [Int], widths: [Int]) {
        var shown = Array(header.indices)
        var layout = columnWidths(shown, header: header, body: body, limit: width)
        // A column is left out only when the steps before its drop were not enough;
        // then the layout starts again without it, so the others get its room.
        while let drop = layout.drop {
            shown.removeAll { $0 == drop }
            layout = columnWidths(shown, header: header, body: body, limit: width)
        }
        var widths = squeeze(layout.widths, to: width)
        // Narrower than even one column each: leave out columns from the right.
        while let width, shown.count > 1, shown.count + Self.gap * (shown.count - 1) > width {
            shown.removeLast()
            widths.removeLast()
        }
        return (shown, widths)
    }

    private func cut(_ column: Int) -> Cut { column < cuts.count ? cuts[column] : .end }

    /// The width of each of the `shown` columns: its widest cell, narrowed by
    /// `shrinking` toward `limit`; or the column to leave out first.
    func columnWidths(_ shown: [Int], header: [Cell], body: [[Cell]], limit: Int?) -> (widths: [Int], drop: Int?) {
        var widths = shown.map { column in
            ([header] + body).map { column < $0.count ? TextFit.width($0[column].text) : 0 }.max() ?? 0
        }
        guard let limit else { return (widths, nil) }
        var excess = widths.reduce(0, +) + Self.gap * (widths.count - 1) - limit
        for step in shrinking where excess > 0 {
            guard let at = shown.firstIndex(of: step.column) else { continue }
            guard let floor = step.floor else { return (widths, shown.count > 1 ? step.column : nil) }
            let cut = min(excess, max(0, widths[at] - max(floor, TextFit.width(header[step.column].text))))
            widths[at] -= cut
            excess -= cut
        }
        return (widths, nil)
    }

    /// The last resort: columns narrowed right to left, down to one.
    private func squeeze(_ widths: [Int], to limit: Int?) -> [Int] {
        guard let limit else { return widths }
        var widths = widths
        var excess = widths.reduce(0, +) + Self.gap * (widths.count - 1) - limit
        for column in widths.indices.reversed() where excess > 0 {
            let cut = min(excess, widths[column] - 1)
            widths[column] -= cut
            excess -= cut
        }
        return widths
    }

    private func line(for cells: [Cell], widths: [Int], cuts: [Cut], color: ColorPolicy) -> String {
        var parts: [String] = []
        for (column, width) in widths.enumerated() {
            let cell = column < cells.count ? cells[column] : Cell("")
            let text = fit(cell.text, to: width, cut: cuts[column])
            let last = column == widths.count - 1
            let padding = last ? "" : String(repeating: " ", count: width - TextFit.width(text))
            parts.append(color.paint(text, cell.style) + padding)
        }
        return parts.joined(separator: String(repeating: " ", count: Self.gap))
    }

    private func fit(_ text: String, to width: Int, cut: Cut) -> String {
        switch cut {
        case .end: TextFit.truncate(text, to: width)
        case .start: TextFit.truncateStart(text, to: width)
        case .middle: TextFit.elideMiddle(text, to: width)
        case let .keepingLast(separator): TextFit.elide(text, to: width, keepingLast: separator)
        }
    }
}
