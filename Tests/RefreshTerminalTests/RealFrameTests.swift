import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import RefreshRender
import RefreshTestSupport
import Testing
@testable import RefreshTerminal

/// Every bundled style through its default gesture, drawn by the real
/// renderer at the preview's size in a 100 x 40 terminal, each frame diffed
/// by the writer and replayed on the model terminal: in colour the screen
/// shows every pixel exactly; without colour, every cell's shade, and not
/// one colour sequence.
@Suite struct RealFrameTests {
    static let styles = ["yelp", "snapchat", "yikyak", "yahoo", "appcoda", "colorchange", "yalantis", "periscope"]

    @Test("a real style, frame after frame: the colour screen is the grid, the colourless one its shades", arguments: styles)
    func style(_ style: String) throws {
        let (columns, rows) = (100, 40)
        let layout = try #require(Layout(columns: columns, rows: rows, viewportWidth: 375, viewportHeight: 300))
        let plugins = TestPaths.loadBundledPlugins()
        defer { plugins.close() }
        let tree = LayerTree(timeline: Timeline())
        let animator = try plugins.makeAnimator(style, tree: tree, log: HostLog())
        let controller = try RefreshController(animator: animator, tree: tree, viewportWidth: 375, viewportHeight: 300)
        defer { controller.destroy() }
        let renderer = FrameRenderer(viewportWidth: 375, viewportHeight: 300, scale: layout.scale)
        var gesture = Gesture()
        gesture.startTime = 0.2
        gesture.schedule(on: controller)

        var color = (screen: ScreenModel(columns: columns, rows: rows), out: TerminalOutput(columns: columns), writer: CellWriter())
        var plain = (screen: ScreenModel(columns: columns, rows: rows), out: TerminalOutput(columns: columns, colored: false),
                     writer: CellWriter(mode: .monochrome))
        var status = StatusLine()
        var frames = 0
        var failures = 0
        // 30 fps: half the frames of the live preview's 60, each change twice as big.
        FrameLoop(fps: 30).run(controller, limit: gesture.endTime + 8, stop: {
            $0.timeline.now > gesture.endTime && $0.isAtRest
        }, onFrame: { frame, _ in
            let bitmap = renderer.render(controller)
            let image = PixelImage(width: bitmap.width, height: bitmap.height, stride: bitmap.stride, bytes: bitmap.bytes)
            let grid = CellGrid(image: image, width: layout.phoneColumns, height: layout.phoneRows, background: RGB(0))
            let text = "\(style) | \(controller.state) | frame \(frame / 15)"
            color.out.startFrame()
            color.writer.draw(grid, column: layout.phoneColumn, row: layout.phoneRow, into: &color.out)
            status.draw(text, row: layout.statusRow, width: columns, into: &color.out)
            plain.out.startFrame()
            plain.writer.draw(grid, column: layout.phoneColumn, row: layout.phoneRow, into: &plain.out)
            var plainStatus = StatusLine()
            plainStatus.draw(text, row: layout.statusRow, width: columns, into: &plain.out)
            frames += 1
            do {
                try color.screen.apply(color.out.bytes)
                try plain.screen.apply(plain.out.bytes)
            } catch {
                Issue.record("\(style) frame \(frame): \(error)")
                failures += 1
                return
            }
            #expect(!Self.hasColor(plain.out.bytes), "\(style) frame \(frame): a colour sequence without colour")
            for y in 0..<grid.height {
                for x in 0..<grid.width where failures < 5 {
                    let (column, row) = (layout.phoneColumn + x, layout.phoneRow + y)
                    let shown = color.screen.pixels(column: column, row: row)
                    if shown.top != grid[x, y].top || shown.bottom != grid[x, y].bottom {
                        Issue.record("\(style) frame \(frame) cell \(x),\(y): \(shown) instead of \(grid[x, y])")
                        failures += 1
                    }
                    let shade = Self.shades[Int(ShadeRamp.index(of: grid[x, y]))]
                    if plain.screen[column, row].glyph != shade {
                        Issue.record("\(style) frame \(frame) cell \(x),\(y): '\(plain.screen[column, row].glyph)' instead of '\(shade)'")
                        failures += 1
                    }
                }
            }
        })
        #expect(frames > 60)
        // The status line reads as text in both.
        let statusText = String((0..<style.count).map { plain.screen[$0, layout.statusRow].glyph })
        #expect(statusText == style)
    }

    static let shades = ShadeRamp.characters.map { Character(Unicode.Scalar($0)) }

    /// Whether `bytes` hold an SGR that sets a colour (30-49, 90-107, 38/48 forms).
    static func hasColor(_ bytes: [UInt8]) -> Bool {
        var i = 0
        while i + 1 < bytes.count {
            guard bytes[i] == 0x1B, bytes[i + 1] == 0x5B else { i += 1; continue }
            var j = i + 2
            while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
            if j < bytes.count, bytes[j] == 0x6D {
                let parameters = String(decoding: bytes[(i + 2)..<j], as: UTF8.self).split(separator: ";").compactMap { Int($0) }
                if parameters.contains(where: { (30...49).contains($0) || (90...107).contains($0) }) { return true }
            }
            i = j
        }
        return false
    }
}
