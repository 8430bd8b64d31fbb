import CCairo
import RefreshHostController
import RefreshHostLoader
import RefreshLayers
import RefreshRender

/// Frames per second of the renderer at 2x (750 x 600 pixels), per style,
/// over every frame of the default gesture at 60 fps:
/// - whole: controller.advance (engine, plugin calls) + FrameRenderer.render (snapshot, cairo, pixel copy);
/// - snapshots: the same frames' snapshots, captured beforehand, drawn by the
///   rasterizer and the list (no engine, no plugin);
/// - cairo only: each frame's drawing recorded once into a cairo recording
///   surface, then replayed onto the image surface: the cost of the cairo
///   calls alone, with nothing of ours in the loop.
enum RenderBench {
    static func run(_ registry: PluginRegistry) throws {
        print("render: every frame of the default gesture at 60 fps, 375 x 300 pt at 2x (750 x 600 px), best of 5")
        var table = Table(["style", "frames", "whole f/s", "snapshots f/s", "cairo only f/s", "snapshot time / cairo time"])
        for style in Bench.styles {
            // Capture the run's snapshots once.
            var frames: [(layers: [LayerSnapshot], pull: Double)] = []
            try drive(registry, style) { controller in
                frames.append((controller.tree.snapshot(root: controller.root), controller.pullDistance))
            }
            let renderer = FrameRenderer(viewportWidth: 375, viewportHeight: 300, scale: 2)
            var sink = 0
            let whole = Bench.best {
                try! drive(registry, style) { sink &+= Int(renderer.render($0).bytes[0]) }
            }
            let replay = Bench.best {
                for f in frames { sink &+= Int(renderer.render(layers: f.layers, pull: f.pull).bytes[0]) }
            }
            let recordings = frames.map { record($0.layers, pull: $0.pull, scene: renderer.scene) }
            let cairoOnly = Bench.best {
                for r in recordings { replayRecording(r, onto: renderer.cairoSurface) }
            }
            for r in recordings { cairo_surface_destroy(r) }
            let n = Double(frames.count)
            table.add([style, "\(frames.count)", format(n / whole, decimals: 0), format(n / replay, decimals: 0),
                       format(n / cairoOnly, decimals: 0), format(replay / cairoOnly, decimals: 2)])
            if sink == -1 { print("") }  // keeps the loops from being optimised away
        }
        table.print()
    }

    /// Runs the default gesture at 60 fps and calls `frame` after every step.
    static func drive(_ registry: PluginRegistry, _ style: String, _ frame: (RefreshController) -> Void) throws {
        let tree = LayerTree(timeline: Timeline())
        // The frames are drawn at 2x.
        let animator = try registry.makeAnimator(style, tree: tree, log: HostLog(), pixelScale: 2)
        let controller = try RefreshController(animator: animator, tree: tree, viewportWidth: 375, viewportHeight: 300)
        defer { controller.destroy() }
        let gesture = Gesture()
        gesture.schedule(on: controller)
        FrameLoop(fps: 60).run(controller, limit: 20, stop: { $0.timeline.now > gesture.endTime && $0.isAtRest },
                               onFrame: { _, _ in frame(controller) })
    }

    /// The frame's drawing as a cairo recording surface, in device pixels.
    static func record(_ layers: [LayerSnapshot], pull: Double, scene: PhoneScene) -> OpaquePointer {
        var extents = cairo_rectangle_t(x: 0, y: 0, width: 750, height: 600)
        let surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents)!
        let cr = cairo_create(surface)!
        cairo_scale(cr, 2, 2)
        scene.draw(layers: layers, pull: pull, in: cr, hairline: 0.5)
        cairo_destroy(cr)
        return surface
    }

    static func replayRecording(_ recording: OpaquePointer, onto target: OpaquePointer) {
        let cr = cairo_create(target)!
        cairo_set_source_surface(cr, recording, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(target)
    }
}
