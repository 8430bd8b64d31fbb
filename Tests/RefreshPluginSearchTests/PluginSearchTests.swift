import Foundation
import RefreshDiscovery
import RefreshExitStatus
import RefreshPluginRuntime
import RefreshPluginSearch
import RefreshTestSupport
import Testing

/// The search path as a command sets it up, against the bundled plugins and
/// the built CLI as the scanner, in a private cache.
@Suite struct PluginSearchTests {
    func search(_ paths: [String] = [], home: String, extra: [String: String] = [:]) -> PluginSearch {
        var search = PluginSearch(pluginPaths: paths, environment: ["HOME": home, "XDG_CACHE_HOME": home + "/cache"].merging(extra) { $1 })
        search.scanner = TestPaths.cli
        return search
    }

    @Test("a --plugin-path that is not there is not found (3), named as the user typed it")
    func missingPath() {
        let home = TemporaryDirectory()
        defer { home.remove() }
        #expect(throws: PluginSearchError("--plugin-path /no/such/folder: no such file or directory")) {
            try search(["/no/such/folder"], home: home.path).directories()
        }
        #expect(PluginSearchError("x").exitStatus == .notFound)
    }

    @Test("the order: --plugin-path, then REFRESH_HOST_PLUGIN_PATH, then the user's folder, ... then the bundled plugins")
    func order() throws {
        let home = TemporaryDirectory(), option = TemporaryDirectory(), variable = TemporaryDirectory()
        defer { home.remove(); option.remove(); variable.remove() }
        let directories = try search([option.path], home: home.path, extra: ["REFRESH_HOST_PLUGIN_PATH": variable.path]).directories()
        #expect(directories.first == SearchDirectory(option.path, .option))
        #expect(directories.dropFirst().first == SearchDirectory(variable.path, .environment))
        #expect(directories.last?.origin == .bundled)
    }

    @Test("a style name resolves through the catalog to its entry; an unknown one is not found (3) and lists the known")
    func resolve() throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let search = search(home: home.path)
        let entry = try search.resolve("yelp")
        #expect(entry.descriptor?.id == "com.refreshhost.yelp")
        #expect(entry.file.hasSuffix("/libYelpStyle.so"))
        do {
            _ = try search.resolve("nope")
            Issue.record("an unknown style resolved")
        } catch {
            #expect(error.exitStatus == .notFound)
            #expect(error.description.hasPrefix("no style 'nope'"))
        }
        // The cache went where the environment says, not to the user's real one.
        #expect(FileManager.default.fileExists(atPath: home.path + "/cache"))
    }

    @Test("--watch follows the file on the search path that leads to the style, a symlink included")
    func watchedFile() throws {
        let home = TemporaryDirectory(), links = TemporaryDirectory()
        defer { home.remove(); links.remove() }
        let target = TestPaths.bundledPlugin("libYelpStyle.so")
        let link = links.path + "/libMyYelpStyle.so"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let search = search([links.path], home: home.path)
        let entry = PluginEntry(descriptor: nil, file: FilePaths.normalize(target), origin: .bundled, status: .loaded)
        #expect(search.watchedFile(entry) == link)
        let elsewhere = PluginEntry(descriptor: nil, file: "/nowhere/libX.so", origin: .option, status: .loaded)
        #expect(search.watchedFile(elsewhere) == "/nowhere/libX.so")
    }
}
