/// Where the phone goes in a terminal of a given size: the viewport scaled
/// to fit above the status line (the last row), keeping its aspect ratio
/// (a half-block pixel is about square), centred.
public struct Layout: Equatable, Sendable {
    public let columns: Int
    public let rows: Int
    /// Pixels per point of the rendered viewport.
    public let scale: Double
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// The phone's cells: pixelWidth columns, pixelHeight / 2 rows (rounded up).
    public let phoneColumn: Int
    public let phoneRow: Int
    public let phoneColumns: Int
    public let phoneRows: Int
    /// 0-based row of the status line.
    public var statusRow: Int { rows - 1 }

    /// nil when the terminal has no room for even one pixel above the status line.
    public init?(columns: Int, rows: Int, viewportWidth: Double, viewportHeight: Double) {
        guard columns >= 1, rows >= 2, viewportWidth > 0, viewportHeight > 0 else { return nil }
        self.columns = columns
        self.rows = rows
        let availableHeight = Double(2 * (rows - 1))
        scale = min(Double(columns) / viewportWidth, availableHeight / viewportHeight)
        // A hair of slack so 375 x 0.2666... gives 100, not 99.
        pixelWidth = min(columns, max(1, Int(viewportWidth * scale + 1e-9)))
        pixelHeight = min(2 * (rows - 1), max(1, Int(viewportHeight * scale + 1e-9)))
        phoneColumns = pixelWidth
        phoneRows = (pixelHeight + 1) / 2
        phoneColumn = (columns - phoneColumns) / 2
        phoneRow = (rows - 1 - phoneRows) / 2
    }

    /// The viewport point under the centre of the upper or lower half of a
    /// cell (0-based), or nil outside the phone.
    public func point(column: Int, row: Int, lowerHalf: Bool = false) -> (x: Double, y: Double)? {
        let x = column - phoneColumn
        let y = row - phoneRow
        guard x >= 0, y >= 0, x < phoneColumns, y < phoneRows else { return nil }
        let pixelY = Double(2 * y + (lowerHalf ? 1 : 0)) + 0.5
        return ((Double(x) + 0.5) / scale, pixelY / scale)
    }

    /// The viewport y under the middle of `row`, also for rows above or below
    /// the phone: a drag may leave it and still move the finger.
    public func pointY(row: Int) -> Double {
        (Double(2 * (row - phoneRow)) + 1) / scale
    }

    /// Points of viewport per cell row: how far a mouse drag of one row moves the finger.
    public var pointsPerRow: Double { 2 / scale }
}
