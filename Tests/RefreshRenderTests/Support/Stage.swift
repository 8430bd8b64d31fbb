import RefreshHostController
import RefreshHostLoader
import RefreshLayers
import RefreshRender

/// A bundled style on a real controller, driven by the default gesture on
/// the virtual clock, rendered with the real renderer.
final class Stage {
    let registry: PluginRegistry
    let controller: RefreshController
    let renderer: FrameRenderer
    let gesture: Gesture

    init(_ style: String, gesture: Gesture = Gesture(), width: Double = 375, height: Double = 300, scale: Double = 2) throws {
        registry = Paths.registry()
        let tree = LayerTree(timeline: Timeline())
        let animator = try registry.makeAnimator(style, tree: tree, log: HostLog())
        controller = try RefreshController(animator: animator, tree: tree, viewportWidth: width, viewportHeight: height)
        renderer = FrameRenderer(viewportWidth: width, viewportHeight: height, scale: scale)
        self.gesture = gesture
        gesture.schedule(on: controller)
        controller.advance(to: 0)
    }

    deinit {
        controller.destroy()
        registry.close()
    }

    /// Advances frame by frame at 60 fps up to `time`, then renders.
    func frame(at time: Double) -> Bitmap {
        var t = controller.timeline.now
        while t + 1.0 / 60 < time {
            t += 1.0 / 60
            controller.advance(to: t)
        }
        controller.advance(to: time)
        return renderer.render(controller)
    }
}
