import Foundation
import RefreshPluginRuntime
import RefreshDiscovery

/// Where the build put things. `make test` builds the bundled plugins into
/// the `plugins` folder next to the test binary before `swift test` runs.
public enum TestPaths {
    public static let repository: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    public static let binDirectory: String = {
        let exe = FilePaths.executablePath()!
        return (exe as NSString).deletingLastPathComponent
    }()

    public static var bundledPlugins: String { binDirectory + "/plugins" }

    /// A bundled style's file by name ("libYahooStyle.so"): in its own folder,
    /// plugins/Yahoo/libYahooStyle.so, as `make plugins` lays them out.
    public static func bundledPlugin(_ file: String) -> String {
        let folder = file.dropFirst("lib".count).dropLast("Style.so".count)
        return bundledPlugins + "/\(folder)/" + file
    }

    /// Every bundled style's file, as the registry's scan finds them.
    public static var bundledPluginFiles: [String] { SearchPath.pluginFiles(in: bundledPlugins) }
    /// How many styles ship: one per library, but the two designer adapters
    /// offer one per file in their styles/ folder (Lottie files, frame folders).
    public static var bundledStyleCount: Int {
        let fm = FileManager.default
        let lottie = ((try? fm.contentsOfDirectory(atPath: repository + "/Plugins/Lottie/styles")) ?? []).filter { $0.hasSuffix(".json") }
        let frames = ((try? fm.contentsOfDirectory(atPath: repository + "/Plugins/FrameSequence/styles")) ?? []).filter {
            var isFolder: ObjCBool = false
            return fm.fileExists(atPath: repository + "/Plugins/FrameSequence/styles/" + $0, isDirectory: &isFolder) && isFolder.boolValue
        }
        return bundledLibraryCount - 2 + lottie.count + frames.count
    }
    /// How many libraries ship: one folder each under Plugins/.
    public static var bundledLibraryCount: Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: repository + "/Plugins")) ?? []).filter {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: repository + "/Plugins/" + $0, isDirectory: &isFolder) && isFolder.boolValue
        }.count
    }
    public static var cli: String { binDirectory + "/refresh-host" }
    /// The Swift kit's fixture plugin (Tests/SwiftKitFixture), built by SwiftPM.
    public static var kitFixture: String { binDirectory + "/libSwiftKitFixture.so" }
    public static var header: String { repository + "/Sources/RefreshHostABI/include" }
    public static var fixtures: String { repository + "/Tests/Fixtures" }

    public static func bundledDirectories() -> [SearchDirectory] {
        precondition(FileManager.default.fileExists(atPath: bundledPlugin("libYahooStyle.so")),
                     "no bundled plugins at \(bundledPlugins): run the tests with `make test`")
        return [SearchDirectory(bundledPlugins, .bundled)]
    }

    /// The bundled plugins only, loaded in this process.
    public static func loadBundledPlugins() -> LoadedPlugins {
        LoadedPlugins(directories: bundledDirectories())
    }
}

/// A fresh temporary folder, removed by the caller with `remove()`.
public struct TemporaryDirectory: Sendable {
    public let path: String

    public init() {
        let base = NSTemporaryDirectory() + "refresh-host-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = base
    }

    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
