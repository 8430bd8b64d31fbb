import Foundation
import RefreshHostLoader

/// Where the build put the CLI and the bundled plugins, and where the
/// fixtures and the header live (as RefreshHostTests' TestPaths).
enum ValidationPaths {
    static let repository: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static let binDirectory: String = (SearchPath.executablePath()! as NSString).deletingLastPathComponent
    static var bundledPlugins: String { binDirectory + "/plugins" }
    static var cli: String { binDirectory + "/refresh-host" }
    static var header: String { repository + "/Sources/RefreshHostABI/include" }
    static var fixtures: String { repository + "/Tests/Fixtures" }
}
