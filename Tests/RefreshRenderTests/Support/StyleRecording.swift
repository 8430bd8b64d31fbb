import RefreshHostController
import RefreshHostLoader
import RefreshLayers
import RefreshRender

/// A bundled style's Recording, from the real plugins through the real registry.
final class StyleRecording {
    let registry = Paths.registry()
    let recording: Recording
    let renderer: FrameRenderer
    let height: Double

    init(_ style: String, options: RecordingOptions = RecordingOptions()) throws {
        let registry = self.registry
        height = try registry.lookup(style).descriptor!.metrics.height
        recording = Recording(options) { width, height in
            let tree = LayerTree(timeline: Timeline())
            let animator = try registry.makeAnimator(style, tree: tree, log: HostLog())
            return try RefreshController(animator: animator, tree: tree, viewportWidth: width, viewportHeight: height)
        }
        renderer = recording.makeRenderer()
    }

    deinit { registry.close() }

    func moments() throws -> Moments { try recording.moments() }

    /// The phone at `moment`, with the pull distance and the header root's top there.
    func frame(_ moment: Moment) throws -> (image: Bitmap, pull: Double, headerTop: Double) {
        let time = try moment.time(in: recording.moments())
        return try recording.withController(at: time) { (renderer.render($0), $0.pullDistance, $0.headerY) }
    }
}
