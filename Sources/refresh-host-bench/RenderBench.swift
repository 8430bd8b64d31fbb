import CCairo
import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import RefreshRender

#if canImport(Glibc)
import Glibc
import RefreshDiscovery
#endif

/// Frames per second of the renderer at 2x (750 x 600 pixels), per style,
/// over every frame of the default gesture at 60 fps:
/// - whole: controller.advance (engine, plugin calls) + FrameRenderer.render (snapshot, cairo, pixel copy);
/// - snapshots: the same frames' snapshots, captured beforehand, drawn by the
///   rasterizer and the list (no engine, no plugin);
/// - cairo only: each frame's drawing recorded once into a cairo recording
///   surface, then replayed onto the image surface: the cost of the cairo
///   calls alone, with nothing of ours in the loop.
enum RenderBench {
    static func run(_ plugins: LoadedPlugins) throws {
        print("render: every frame of the default gesture at 60 fps, 375 x 300 pt at 2x (750 x 600 px); whole: best of 5")
        print("(wall clock); snapshots and cairo only: best of 7 each, taking turns, in CPU seconds of the thread")
        var table = Table(["style", "frames", "whole f/s", "snapshots f/s", "cairo only f/s", "snapshot time / cairo time"])
        for style in Bench.styles {
            // Capture the run's snapshots once.
            var frames: [(layers: [LayerSnapshot], pull: Double)] = []
            try drive(plugins, style) { controller in
                frames.append((controller.tree.snapshot(root: controller.root), controller.pullDistance))
            }
            let renderer = FrameRenderer(viewportWidth: 375, viewportHeight: 300, scale: 2)
            var sink = 0
            let whole = Bench.best {
                try! drive(plugins, style) { sink &+= renderer.withFrame($0) { Int($0.bytes[0]) } }
            }
            let recordings = frames.map { record($0.layers, pull: $0.pull, scene: renderer.scene) }
            let (replay, cairoOnly) = Bench.interleaved({
                for f in frames { sink &+= renderer.withFrame(layers: f.layers, pull: f.pull) { Int($0.bytes[0]) } }
            }, {
                for r in recordings { replayRecording(r, onto: renderer.cairoSurface) }
            })
            for r in recordings { cairo_surface_destroy(r) }
            let n = Double(frames.count)
            table.add([style, "\(frames.count)", format(n / whole, decimals: 0), format(n / replay, decimals: 0),
                       format(n / cairoOnly, decimals: 0), format(replay / cairoOnly, decimals: 2)])
            if sink == -1 { print("") }  // keeps the loops from being optimised away
        }
        // The ABI 1.2 vocabulary on hand-built frames (no plugin): with and without the shadow's blur.
        for shadow in [true, false] {
            let frames = try vocabularyFrames(shadow: shadow)
            let renderer = FrameRenderer(viewportWidth: 375, viewportHeight: 300, scale: 2)
            var sink = 0
            let recordings = frames.map { record($0, pull: 300, scene: renderer.scene) }
            let (replay, cairoOnly) = Bench.interleaved({
                for f in frames { sink &+= renderer.withFrame(layers: f, pull: 300) { Int($0.bytes[0]) } }
            }, {
                for r in recordings { replayRecording(r, onto: renderer.cairoSurface) }
            })
            for r in recordings { cairo_surface_destroy(r) }
            let n = Double(frames.count)
            table.add([shadow ? "1.2 vocabulary" : "1.2, no shadow", "\(frames.count)", "-", format(n / replay, decimals: 0),
                       format(n / cairoOnly, decimals: 0), format(replay / cairoOnly, decimals: 2)])
            if sink == -1 { print("") }
        }
        table.print()
        print("1.2 vocabulary: trimmed round-capped arc, marching dashes, a radial gradient, an alpha mask and a path")
        print("mask, and (first row) a shadow of radius 8 under a card; the recording keeps the blurred shadow as an")
        print("image, so its replay pays no blur, the renderer does: the difference is the blur's cost.")
    }

    /// 60 frames of a card as a Material spinner draws it: a trimmed arc
    /// turning and growing, a dashed ring marching, a radial disc, a masked
    /// bar, optionally a shadow under the card.
    static func vocabularyFrames(shadow: Bool) throws -> [[LayerSnapshot]] {
        let tree = LayerTree(timeline: Timeline())
        func layer(_ kind: LayerKind, _ parent: LayerID?, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                   fill: RGBA = .clear, stroke: RGBA = .clear) throws -> LayerID {
            let id = try tree.createLayer(kind: kind, parent: parent)
            for (p, v) in [(LayerProperty.positionX, x), (.positionY, y), (.width, w), (.height, h)] { try tree.set(p, v, on: id) }
            try tree.setColor(.fill, fill, on: id)
            try tree.setColor(.stroke, stroke, on: id)
            return id
        }
        let root = try layer(.rect, nil, 187.5, 50, 375, 100, fill: RGBA(0.95, 0.95, 0.97))
        let card = try layer(.rect, root, 187.5, 50, 64, 64, fill: RGBA(1, 1, 1))
        try tree.set(.cornerRadius, 32, on: card)
        if shadow {
            try tree.set(.shadowOpacity, 0.3, on: card)
            try tree.set(.shadowRadius, 8, on: card)
            try tree.set(.shadowOffsetY, 3, on: card)
        }
        let arc = try layer(.ellipse, card, 32, 32, 40, 40, stroke: RGBA(0.1, 0.45, 0.9))
        try tree.set(.lineWidth, 4, on: arc)
        try tree.set(.lineCap, 1, on: arc)
        let ring = try layer(.ellipse, root, 80, 50, 70, 70, stroke: RGBA(0.9, 0.3, 0.2))
        try tree.set(.lineWidth, 2, on: ring)
        try tree.setDash([6, 4], on: ring)
        let disc = try layer(.ellipse, root, 295, 50, 60, 60)
        try tree.setGradient(Gradient(startX: 0.5, startY: 0.5, endX: 1, endY: 1,
                                      stops: [.init(0, RGBA(1, 0.9, 0.3)), .init(1, RGBA(0.9, 0.4, 0.1))], kind: .radial), on: disc)
        let bar = try layer(.rect, root, 187.5, 92, 200, 8, fill: RGBA(0.2, 0.7, 0.4))
        let barMask = try layer(.rect, bar, 100, 4, 200, 8, fill: RGBA(0, 0, 0))
        try tree.set(.cornerRadius, 4, on: barMask)
        try tree.setMask(LayerMask(layer: barMask, mode: .path), on: bar)
        let glow = try layer(.rect, root, 40, 90, 40, 12, fill: RGBA(0.5, 0.2, 0.8))
        let glowMask = try layer(.ellipse, glow, 20, 6, 40, 12, fill: RGBA(0, 0, 0, 0.7))
        try tree.setMask(LayerMask(layer: glowMask, mode: .alpha), on: glow)
        var frames: [[LayerSnapshot]] = []
        for i in 0..<60 {
            let t = Double(i) / 60
            try tree.set(.rotation, t * 2 * Double.pi, on: arc)
            try tree.set(.strokeEnd, 0.1 + 0.8 * (0.5 - 0.5 * cos(t * 2 * Double.pi)), on: arc)
            try tree.set(.dashPhase, t * 20, on: ring)
            try tree.set(.scaleX, 0.2 + 0.8 * t, on: barMask)
            frames.append(tree.snapshot(root: root))
        }
        return frames
    }

    /// Runs the default gesture at 60 fps and calls `frame` after every step.
    static func drive(_ plugins: LoadedPlugins, _ style: String, _ frame: (RefreshController) -> Void) throws {
        let session = try Bench.session(plugins, style, pixelScale: 2)
        // The frames are drawn at 2x.
        let controller = session.controller
        defer { session.close() }
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
