import Testing
@testable import RefreshTerminal

@Suite struct LayoutTests {
    @Test("375 x 300 in 100 x 40: height-bound, 97 x 78 pixels, centred above the status line")
    func fitsHeight() throws {
        let l = try #require(Layout(columns: 100, rows: 40, viewportWidth: 375, viewportHeight: 300))
        #expect(l.scale == 78.0 / 300)
        #expect(l.pixelWidth == 97 && l.pixelHeight == 78)
        #expect(l.phoneColumns == 97 && l.phoneRows == 39)
        #expect(l.phoneColumn == 1 && l.phoneRow == 0 && l.statusRow == 39)
        // The aspect ratio survives the fit to within a pixel.
        #expect(abs(Double(l.pixelWidth) / Double(l.pixelHeight) - 375.0 / 300) < 1.0 / 78)
    }

    @Test("a wide terminal is bound by height, a tall one by width; the phone stays inside")
    func fits() throws {
        for (columns, rows) in [(200, 30), (60, 80), (80, 24), (300, 100), (20, 5)] {
            let l = try #require(Layout(columns: columns, rows: rows, viewportWidth: 375, viewportHeight: 300))
            #expect(l.phoneColumn >= 0 && l.phoneColumn + l.phoneColumns <= columns)
            #expect(l.phoneRow >= 0 && l.phoneRow + l.phoneRows <= rows - 1)
            #expect(abs(Double(l.pixelWidth) / 375 - Double(l.pixelHeight) / 300) <= 1 / 300 + 1 / Double(l.pixelHeight))
            #expect(l.pixelWidth == columns || l.pixelHeight >= 2 * (rows - 1) - 1)
        }
        #expect(Layout(columns: 80, rows: 1, viewportWidth: 375, viewportHeight: 300) == nil)
    }

    @Test("a cell maps to the viewport point under it; outside the phone, none")
    func points() throws {
        let l = try #require(Layout(columns: 100, rows: 40, viewportWidth: 375, viewportHeight: 300))
        let top = try #require(l.point(column: 1, row: 0))
        #expect(abs(top.x - 0.5 / l.scale) < 1e-9 && abs(top.y - 0.5 / l.scale) < 1e-9)
        let bottom = try #require(l.point(column: 97, row: 38, lowerHalf: true))
        #expect(bottom.y < 300 && bottom.x < 375)
        #expect(l.point(column: 0, row: 5) == nil && l.point(column: 98, row: 5) == nil && l.point(column: 5, row: 39) == nil)
        #expect(abs(l.pointY(row: 10) - l.pointY(row: 0) - 10 * l.pointsPerRow) < 1e-9)
    }
}
