import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import Testing
import RefreshDiscovery

/// RefreshStyleKit's gradient API, used by a real Swift plugin
/// (Tests/SwiftKitFixture, built by the package as libSwiftKitFixture.so).
@Suite struct StyleKitGradientTests {
    static let plugin = TestPaths.binDirectory + "/libSwiftKitFixture.so"

    func rectGradient(_ s: Session) throws -> Gradient? {
        let rect = try #require(s.snapshot().first { $0.kind == .rect && $0[.width] == 200 })
        return rect.gradient
    }

    @Test("setGradient reaches the layer as given; the host's refusals come back as false")
    func setAndRefuse() throws {
        let s = try Session("test.swiftkit.gradient", directories: [SearchDirectory(Self.plugin, .option)])
        let gradient = try #require(try rectGradient(s))
        #expect(gradient.startX == 0 && gradient.startY == 0.5 && gradient.endX == 1 && gradient.endY == 0.5)
        #expect(gradient.stops.map(\.offset) == [0, 0.25, 1])
        #expect(gradient.stops[0].color.isClose(to: RGBA.hex("#14C2D5")))
        #expect(gradient.stops[2].color.isClose(to: RGBA(0, 0, 0, 0.5)))
        let said = s.log.entries.filter { $0.kind == .plugin }.map(\.message)
        #expect(said == ["set: true", "group: false", "one stop: false", "start == end: false"])
        // Each refusal is also the host's own one-line report.
        #expect(s.log.entries.filter { $0.kind == .misuse }.count == 3)
        s.close()
    }

    @Test("removeGradient takes it away while refreshing; reset puts it back")
    func removeAndRestore() throws {
        let s = try Session("test.swiftkit.gradient", directories: [SearchDirectory(Self.plugin, .option)])
        let initial = try rectGradient(s)
        s.pull(to: 90)
        s.controller.release()
        s.advance(to: s.now + 0.1)
        #expect(try rectGradient(s) == nil)
        #expect(s.log.entries.contains { $0.message == "remove: true" })
        #expect(s.controller.endRefreshing())
        s.advance(to: s.now + 3)
        #expect(s.controller.state == .idle)
        #expect(try rectGradient(s) == initial)
        s.close()
    }
}
