import Foundation
import RefreshHostController
import RefreshLayers
import RefreshPluginRuntime
import RefreshTestSupport
import RefreshSession
import Testing

/// ABI 1.5's extensions through a real worker (`refresh-host worker`): the worker
/// runs the same host services, so ext_calls.c (every extension) gives the same
/// log lines, events and frames in this process and in a worker, the theme's
/// "given" bits included, which cross the worker's wire with the settings.
@Suite("extension sessions")
struct ExtensionSessionTests {
    @Test("every extension, in this process and in a worker: the same lines, events and frames")
    func alike() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let file = try Fixture.build("ext_calls", into: dir.path)
        var frames: [[SessionFrame]] = [[], []]
        for (n, isolation) in [SessionSettings.Isolation.inProcess, .worker].enumerated() {
            var settings = SessionSettings()
            settings.isolation = isolation
            settings.reports = [.log]
            settings.run.theme = EnvironmentRequest.theme("#FF0000,#00FF00", dark: true)!
            let session = try SessionOpener(workerExecutable: TestPaths.cli).open(
                file: file, style: "test.fixture.ext_calls", settings: settings)
            defer { session.close() }
            session.send(.script(Gesture()))
            try session.frames(at: (0...120).map { Double($0) / 30 }) { frames[n].append($0) }
        }
        #expect(frames[0].count == 121)
        #expect(frames[0] == frames[1])
        let lines = frames[1].flatMap(\.events).compactMap { event -> String? in
            guard case let .log(entry) = event.kind, entry.kind == .plugin else { return nil }
            return entry.message
        }
        // --theme with two colours and --dark: primary, accent and the mode were given.
        #expect(lines.contains("theme bits: 11"), "\(lines)")
        #expect(lines.contains("settle: 1.4103"))
        #expect(lines.filter { $0.hasSuffix("status=0") }.count == 13, "\(lines)")
        #expect(lines.filter { $0.hasSuffix("null=1") }.count == 6)
        // The pull moved the bar (a pull-driven timeline) with no call from the style.
        #expect(Set(frames[1].compactMap { $0.layers.count > 3 ? $0.layers[3].values[Int(LayerProperty.positionX.rawValue)] : nil }).count > 5)
    }
}
