import Testing
@testable import RefreshTerminal

@Suite struct PixelImageTests {
    @Test("two pixel rows make one cell row: top is the foreground pixel, bottom the background one")
    func halfBlocks() {
        var image = PixelImage(width: 3, height: 4, fill: RGB(0x101010))
        image.set(x: 1, y: 0, RGB(0xFF0000))
        image.set(x: 1, y: 1, RGB(0x0000FF))
        image.set(x: 2, y: 3, RGB(0x00FF00))
        let grid = CellGrid(image: image, width: 3, height: 2, background: RGB(0))
        #expect(grid[1, 0] == Cell(top: RGB(0xFF0000), bottom: RGB(0x0000FF)))
        #expect(grid[2, 1] == Cell(top: RGB(0x101010), bottom: RGB(0x00FF00)))
        #expect(grid[0, 0] == Cell(top: RGB(0x101010), bottom: RGB(0x101010)))
    }

    @Test("BGRA byte order with a stride, premultiplied alpha over the background, background past the edges")
    func bytes() {
        // 2 x 1 pixels, stride 12: a half-transparent premultiplied red, then opaque (10, 20, 30).
        let image = PixelImage(width: 2, height: 1, stride: 12, bytes: [0, 0, 128, 128, 30, 20, 10, 255, 9, 9, 9, 9])
        let white = RGB(0xFFFFFF)
        #expect(image.color(x: 0, y: 0, over: RGB(0)) == RGB(r: 128, g: 0, b: 0))
        #expect(image.color(x: 0, y: 0, over: white) == RGB(r: 255, g: 127, b: 127))
        #expect(image.color(x: 1, y: 0, over: white) == RGB(r: 10, g: 20, b: 30))
        let grid = CellGrid(image: image, width: 3, height: 1, background: white)
        #expect(grid[1, 0] == Cell(top: RGB(r: 10, g: 20, b: 30), bottom: white))
        #expect(grid[2, 0] == Cell(top: white, bottom: white))
    }
}
