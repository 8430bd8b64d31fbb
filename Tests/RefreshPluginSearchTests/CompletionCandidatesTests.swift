import RefreshDiscovery
import RefreshHostController
import RefreshPluginRuntime
import RefreshPluginSearch
import RefreshTestSupport
import Testing

@Suite struct CompletionCandidatesTests {
    static func entry(_ id: String, _ status: PluginStatus = .loaded) -> PluginEntry {
        PluginEntry(descriptor: StyleDescriptor(id: id, name: id, version: "1", metrics: StyleMetrics(height: 60, cycleDuration: 1)),
                    file: "/p/\(id).so", origin: .bundled, status: status)
    }

    @Test("the loaded styles' ids, then the short names only one loaded style answers to")
    func names() {
        let entries = [Self.entry("com.a.yelp"), Self.entry("com.b.yelp"), Self.entry("com.c.Drop"),
                       Self.entry("com.d.gone", .shadowed(by: "/x.so"))]
        #expect(CompletionCandidates.names(in: entries) == ["com.a.yelp", "com.b.yelp", "com.c.Drop", "drop"])
        // Offering only some still counts the others' short names: yelp stays ambiguous.
        #expect(CompletionCandidates.names(in: entries) { $0.descriptor?.id == "com.a.yelp" } == ["com.a.yelp"])
    }

    @Test("a --plugin-path on the command line that names nothing yet is left out; the bundled styles are offered")
    func commandLine() {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let words = ["refresh-host", "run", "--plugin-path", "/half/typed"]
        let entries = CompletionCandidates.entries(commandLine: words, environment: ["HOME": home.path], scanner: TestPaths.cli)
        #expect(entries.contains { $0.descriptor?.id == "com.refreshhost.yelp" })
    }

    @Test("for validate, the library on the command line is the only answer")
    func validateLibrary() {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let yahoo = TestPaths.bundledPlugin("libYahooStyle.so")
        let entries = CompletionCandidates.entries(commandLine: ["refresh-host", "validate", yahoo, "--style"],
                                                   environment: ["HOME": home.path], scanner: TestPaths.cli)
        #expect(entries.map { $0.descriptor?.id } == ["com.refreshhost.yahoo"])
    }
}
