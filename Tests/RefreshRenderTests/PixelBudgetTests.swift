import RefreshRender
import Testing

/// What a drawn frame may hold: 16 MP, and cairo's 32767 pixels a side.
@Suite struct PixelBudgetTests {
    @Test("16 MP fits exactly; one more row or column does not")
    func pixelEdge() {
        #expect(PixelBudget.problem(width: 4096, height: 4096, scale: 1) == nil)
        #expect(PixelBudget.problem(width: 2048, height: 2048, scale: 2) == nil)
        #expect(PixelBudget.problem(width: 4097, height: 4096, scale: 1)?.contains("at most 16777216 pixels") == true)
        // A fraction of a point still takes a whole pixel, as the renderer's surface does.
        #expect(PixelBudget.problem(width: 2048.25, height: 2048, scale: 2) == "4097 x 4096 pixels: a drawn frame holds at most 16777216 pixels (16 MP, 4096 x 4096)")
    }

    @Test("the sizes render accepts that used to crash: named, not drawn")
    func documentedExtreme() {
        #expect(PixelBudget.problem(width: 10000, height: 10000, scale: 3)?.hasPrefix("30000 x 30000 pixels:") == true)
        // Long and thin is within cairo's side and the pixel budget.
        #expect(PixelBudget.problem(width: 10000, height: 10, scale: 3) == nil)
        #expect(PixelBudget.problem(width: 11000, height: 10, scale: 3) == "33000 x 30 pixels: at most 32767 pixels a side can be drawn")
        #expect(PixelBudget.problem(width: .infinity, height: 10, scale: 1) != nil)
    }

    @Test("the renderer's surface has the size the budget counts")
    func sameArithmetic() {
        let renderer = FrameRenderer(viewportWidth: 100.5, viewportHeight: 33.3, scale: 3)
        #expect(renderer.pixelWidth == PixelBudget.pixels(100.5, scale: 3))
        #expect(renderer.pixelHeight == PixelBudget.pixels(33.3, scale: 3))
    }
}
