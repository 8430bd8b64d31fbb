import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import RefreshRender
import RefreshTerminal
import RefreshDiscovery

/// The live preview's cost per frame in a 100 x 40 terminal over the default
/// gesture on the virtual clock: the bytes the writer sends (only the cells
/// that changed) beside the floor for the same frames (`DiffFloor`: the
/// fewest bytes that can make the change), by lifecycle phase, and the CPU
/// time to render a frame and to convert and diff it. The status line
/// (redrawn about four times a second, ~130 bytes) is not counted.
extension Bench {
    static func terminal(_ plugins: LoadedPlugins) throws {
        let (columns, rows) = (100, 40)
        let layout = Layout(columns: columns, rows: rows, viewportWidth: 375, viewportHeight: 300)!
        let origin = (column: layout.phoneColumn, row: layout.phoneRow)
        print("live preview, \(columns) x \(rows) terminal: \(layout.phoneColumns) x \(layout.phoneRows) cells;")
        print("bytes per frame by phase (mean): floor / actual (actual / floor);")
        print("% of full: floor and actual while pulling against the first frame's full redraw; CPU us per frame")
        var table = Table(["style", "full redraw", "pulling", "refreshing", "exiting+reset", "at rest", "% of full",
                           "render", "cells", "diff", "no colour: full, pulling"])
        var all = (floor: 0, actual: 0, under: 0)
        for style in Bench.styles {
            let session = try Bench.session(plugins, style, pixelScale: layout.scale)
            let controller = session.controller
            let renderer = FrameRenderer(viewportWidth: 375, viewportHeight: 300, scale: layout.scale)
            var gesture = Gesture()
            gesture.startTime = 0.5  // half a second at rest first
            gesture.schedule(on: controller)
            var writer = CellWriter()
            var out = TerminalOutput(columns: columns)
            var previous: CellGrid?
            var plainWriter = CellWriter(mode: .monochrome)
            var plainOut = TerminalOutput(columns: columns, colored: false)
            var plain = (full: 0, pulling: 0)
            var phases: [String: (frames: Int, floor: Int, actual: Int)] = [:]
            var full = 0
            var rendering = 0.0
            var converting = 0.0
            var diffing = 0.0
            var frames = 0
            FrameLoop(fps: 60).run(controller, limit: gesture.endTime + 8, stop: {
                $0.timeline.now > gesture.endTime && $0.isAtRest
            }, onFrame: { frame, _ in
                let start = cpuSeconds()
                let bitmap = renderer.render(controller)
                let rendered = cpuSeconds()
                let image = PixelImage(width: bitmap.width, height: bitmap.height, stride: bitmap.stride, bytes: bitmap.bytes)
                let grid = CellGrid(image: image, width: layout.phoneColumns, height: layout.phoneRows,
                                    background: RGB(r: 0, g: 0, b: 0))
                let converted = cpuSeconds()
                out.startFrame()
                let before = (cursor: out.cursor, colours: DiffFloor.Colours(fg: out.foreground, bg: out.background))
                writer.draw(grid, column: origin.column, row: origin.row, into: &out)
                let end = cpuSeconds()
                rendering += rendered - start
                converting += converted - rendered
                diffing += end - converted
                frames += 1
                let floor = DiffFloor.bytes(from: previous, to: grid, at: origin, screenColumns: columns,
                                            cursor: before.cursor, colours: before.colours)
                previous = grid
                plainOut.startFrame()
                plainWriter.draw(grid, column: origin.column, row: origin.row, into: &plainOut)
                if frame == 0 {
                    full = out.bytes.count
                    plain.full = plainOut.bytes.count
                    return
                }
                let phase: String
                switch controller.state {
                case .idle where controller.isAtRest: phase = "rest"
                case .idle, .pulling, .armed: phase = "pulling"
                case .refreshing, .noMore: phase = "refreshing"
                case .exiting, .resetting: phase = "exiting"
                }
                phases[phase, default: (0, 0, 0)].frames += 1
                phases[phase, default: (0, 0, 0)].floor += floor
                phases[phase, default: (0, 0, 0)].actual += out.bytes.count
                if phase == "pulling" { plain.pulling += plainOut.bytes.count }
                all.floor += floor
                all.actual += out.bytes.count
                if out.bytes.count < floor { all.under += 1 }  // would mean the floor is no floor
            })
            session.close()
            func cell(_ phase: String) -> String {
                guard let p = phases[phase], p.frames > 0 else { return "-" }
                let ratio = p.floor == 0 ? (p.actual == 0 ? "1.00" : "inf") : format(Double(p.actual) / Double(p.floor), decimals: 2)
                return "\(p.floor / p.frames) / \(p.actual / p.frames) (\(ratio))"
            }
            let pulling = phases["pulling"] ?? (1, 0, 0)
            func percent(_ bytes: Int) -> String {
                format(100 * Double(bytes) / Double(max(1, pulling.frames)) / Double(full), decimals: 1)
            }
            table.add([style, "\(full)", cell("pulling"), cell("refreshing"), cell("exiting"), cell("rest"),
                       "\(percent(pulling.floor)), \(percent(pulling.actual))",
                       format(rendering / Double(frames) * 1e6, decimals: 0),
                       format(converting / Double(frames) * 1e6, decimals: 0), format(diffing / Double(frames) * 1e6, decimals: 0),
                       "\(plain.full), \(plain.pulling / max(1, pulling.frames))"])
        }
        table.print()
        print("  every frame of every style: actual / floor = \(format(Double(all.actual) / Double(max(1, all.floor)), decimals: 2)); "
              + "frames below the floor: \(all.under)")
    }
}
