import RefreshHostController
import RefreshHostLoader
import RefreshLayers
import RefreshRender
import RefreshTerminal

/// The live preview's cost per frame in a 100 x 40 terminal: bytes written
/// (only the cells that changed) by lifecycle phase, and the time to render,
/// convert and diff a frame, over the default gesture on the virtual clock.
/// The status line (redrawn about four times a second, ~130 bytes) is not counted.
extension Bench {
    static func terminal(_ registry: PluginRegistry) throws {
        let (columns, rows) = (100, 40)
        let layout = Layout(columns: columns, rows: rows, viewportWidth: 375, viewportHeight: 300)!
        print("live preview, \(columns) x \(rows) terminal: \(layout.phoneColumns) x \(layout.phoneRows) cells, bytes per frame (mean, max) by phase")
        var table = Table(["style", "full redraw", "at rest", "pulling", "refreshing", "exiting+reset",
                           "render+diff per frame"])
        for style in Bench.styles {
            let tree = LayerTree(timeline: Timeline())
            let animator = try registry.makeAnimator(style, tree: tree, log: HostLog())
            let controller = try RefreshController(animator: animator, tree: tree, viewportWidth: 375, viewportHeight: 300)
            let renderer = FrameRenderer(viewportWidth: 375, viewportHeight: 300, scale: layout.scale)
            var gesture = Gesture()
            gesture.startTime = 0.5  // half a second at rest first
            gesture.schedule(on: controller)
            var writer = CellWriter()
            var out = TerminalOutput(columns: columns)
            var phases: [String: [Int]] = [:]
            var full = 0
            var busy = 0.0
            var frames = 0
            FrameLoop(fps: 60).run(controller, limit: gesture.endTime + 8, stop: {
                $0.timeline.now > gesture.endTime && $0.isAtRest
            }, onFrame: { frame, _ in
                let start = MonotonicClock.seconds()
                let bitmap = renderer.render(controller)
                let image = PixelImage(width: bitmap.width, height: bitmap.height, stride: bitmap.stride, bytes: bitmap.bytes)
                let grid = CellGrid(image: image, width: layout.phoneColumns, height: layout.phoneRows,
                                    background: RGB(r: 0, g: 0, b: 0))
                out.startFrame()
                writer.draw(grid, column: layout.phoneColumn, row: layout.phoneRow, into: &out)
                busy += MonotonicClock.seconds() - start
                frames += 1
                if frame == 0 { full = out.bytes.count; return }
                let phase: String
                switch controller.state {
                case .idle where controller.isAtRest: phase = "rest"
                case .idle, .pulling, .armed: phase = "pulling"
                case .refreshing: phase = "refreshing"
                case .exiting, .resetting: phase = "exiting"
                }
                phases[phase, default: []].append(out.bytes.count)
            })
            controller.destroy()
            func cell(_ phase: String) -> String {
                let values = phases[phase] ?? []
                let mean = values.isEmpty ? 0 : values.reduce(0, +) / values.count
                return "\(mean), \(values.max() ?? 0)"
            }
            table.add([style, "\(full)", cell("rest"), cell("pulling"), cell("refreshing"), cell("exiting"),
                       "\(format(busy / Double(frames) * 1e6)) us"])
        }
        table.print()
    }
}

private func format(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
}
