import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import RefreshRender
import RefreshSession
import RefreshDiscovery

/// A style's Recording (a bundled one unless `plugins` says otherwise), from the real plugins through the real renderer.
final class StyleRecording {
    let plugins: LoadedPlugins
    let recording: Recording
    let renderer: FrameRenderer
    let height: Double

    /// `run` overrides what the style declares (`--presentation front`, say).
    init(_ style: String, options: RecordingOptions = RecordingOptions(), run: RunSettings = RunSettings(),
         plugins: LoadedPlugins = TestPaths.loadBundledPlugins()) throws {
        self.plugins = plugins
        height = try plugins.registry.lookup(style).descriptor!.metrics.height
        var settings = options.sessionSettings()
        settings.run = run
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
