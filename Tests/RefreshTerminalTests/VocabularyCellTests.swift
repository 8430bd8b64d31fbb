import RefreshLayers
import RefreshRender
import RefreshTerminal
import Testing

/// The live preview draws the renderer's pixels, so the 1.2 vocabulary
/// reaches the cells: a dashed stroke, trimmed at half its length.
@Suite struct VocabularyCellTests {
    @Test func aDashedTrimmedStrokeShowsInTheCells() throws {
        let tree = LayerTree(timeline: Timeline())
        let root = try tree.createLayer(kind: .group, parent: nil)
        let line = try tree.createLayer(kind: .path, parent: root)
        for (p, v) in [(LayerProperty.anchorX, 0.0), (.anchorY, 0), (.width, 100), (.height, 100)] {
            try tree.set(p, v, on: root)
            try tree.set(p, v, on: line)
        }
        try tree.setPath([.moveTo(x: 10, y: 50), .lineTo(x: 90, y: 50)], on: line)
        try tree.setColor(.stroke, RGBA(1, 0, 0), on: line)
        try tree.set(.lineWidth, 10, on: line)
        try tree.setDash([10, 10], on: line)
        try tree.set(.strokeEnd, 0.5, on: line)  // dashes at 10...20 and 30...40; 50...60 and 70...80 trimmed away
        // 0.4 pixels a point: one pixel for each half cell, 40 columns.
        let bitmap = FrameRenderer(viewportWidth: 100, viewportHeight: 100, scale: 0.4)
            .render(layers: tree.snapshot(root: root), pull: 100)
        let image = PixelImage(width: bitmap.width, height: bitmap.height, stride: bitmap.stride, bytes: bitmap.bytes)
        let grid = CellGrid(image: image, width: 40, height: 20, background: RGB(0))
        let red = RGB(0xFF0000), white = RGB(0xFFFFFF)
        let row = 10  // pixel rows 20 and 21: y 50...55 points
        #expect(grid[6, row].top == red, "the first dash")
        #expect(grid[10, row].top == white, "the first gap")
        #expect(grid[14, row].top == red, "the second dash")
        #expect(grid[22, row].top == white, "a dash past the trim")
        #expect(grid[30, row].top == white, "another")
    }
}
