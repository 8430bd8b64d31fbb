import Foundation
import RefreshHostLoader

/// Where the build put things. `make test` builds the bundled plugins into
/// the `plugins` folder next to the test binary before `swift test` runs.
enum TestPaths {
    static let repository: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    static let binDirectory: String = {
        let exe = SearchPath.executablePath()!
        return (exe as NSString).deletingLastPathComponent
    }()

    static var bundledPlugins: String { binDirectory + "/plugins" }
    static var cli: String { binDirectory + "/refresh-host" }
    static var header: String { repository + "/Sources/RefreshHostABI/include" }
    static var fixtures: String { repository + "/Tests/Fixtures" }

    static func bundledDirectories() -> [SearchDirectory] {
        precondition(FileManager.default.fileExists(atPath: bundledPlugins + "/libYahooStyle.so"),
                     "no bundled plugins at \(bundledPlugins): run the tests with `make test`")
        return [SearchDirectory(bundledPlugins, .bundled)]
    }
}

/// A fresh temporary folder, removed by the caller with `remove()`.
struct TemporaryDirectory {
    let path: String

    init() {
        let base = NSTemporaryDirectory() + "refresh-host-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = base
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
