import Foundation
import RefreshHostLoader

/// Where the build put the CLI and the bundled plugins (`make plugins`).
enum Paths {
    static let binDirectory: String = {
        let exe = SearchPath.executablePath()!
        return (exe as NSString).deletingLastPathComponent
    }()

    static var bundledPlugins: String { binDirectory + "/plugins" }
    static var cli: String { binDirectory + "/refresh-host" }

    static func registry() -> PluginRegistry {
        precondition(FileManager.default.fileExists(atPath: bundledPlugins + "/libYahooStyle.so"),
                     "no bundled plugins at \(bundledPlugins): run `make plugins` first")
        return PluginRegistry(directories: [SearchDirectory(bundledPlugins, .bundled)])
    }
}

/// A fresh temporary folder, removed by the caller with `remove()`.
struct TemporaryDirectory {
    let path: String

    init() {
        let base = NSTemporaryDirectory() + "refresh-render-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = base
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
