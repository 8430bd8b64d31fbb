import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import RefreshRender
import RefreshSession

/// A bundled style's Recording, from the real plugins through the real plugins.
final class StyleRecording {
    let plugins = TestPaths.loadBundledPlugins()
    let recording: Recording
    let renderer: FrameRenderer
    let height: Double

    init(_ style: String, options: RecordingOptions = RecordingOptions()) throws {
        let plugins = self.plugins
        height = try plugins.registry.lookup(style).descriptor!.metrics.height
        let settings = options.sessionSettings()
        recording = Recording(options) { try LocalSession(plugins: plugins, style: style, settings: settings) }
        renderer = FrameRenderer(options)
    }

    deinit {
        recording.session?.close()
        plugins.close()
    }

    func moments() throws -> Moments { try recording.moments() }

    /// The phone at `moment`, with the pull distance and the header root's top there.
    func frame(_ moment: Moment) throws -> (image: Bitmap, pull: Double, headerTop: Double) {
        let time = try moment.time(in: recording.moments())
        let frame = try recording.frame(at: time)
        return (renderer.render(frame), frame.pull, frame.headerTop)
    }
}
