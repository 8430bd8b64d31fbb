import RefreshPluginRuntime
import RefreshSession
import RefreshDiscovery

extension Bench {
    /// An instance of `style` in this process, on the default 375 x 300 viewport: the measurements
    /// read the controller and the dispatcher's statistics, so the benchmark drives a LocalSession.
    static func session(_ plugins: LoadedPlugins, _ style: String, pixelScale: Double = 1) throws -> LocalSession {
        var settings = SessionSettings()
        settings.pixelScale = pixelScale
        settings.isolation = .inProcess
        return try LocalSession(plugins: plugins, style: style, settings: settings)
    }
}
